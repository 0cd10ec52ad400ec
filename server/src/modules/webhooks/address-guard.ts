import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import type { WebhooksConfig } from '../../config.js';

/**
 * Where webhooks may go (server-side request forgery): a receiver's URL is the panel's own request
 * to wherever a reseller points it, so loopback, private, link-local and otherwise reserved
 * addresses (IPv4 and IPv6) are refused: when the URL is saved (its host resolved now), and at
 * every delivery on the address actually connected to, so a name that resolves elsewhere later
 * (DNS rebinding) is caught too. WEBHOOK_ALLOW_PRIVATE lifts the rule (a panel on a private
 * network, tests); a host in WEBHOOK_ALLOWED_HOSTS is reached whatever it resolves to.
 */

/** A refusal, as the message key and parameters of a 422 on `url`. */
export type UrlRefusal = { key: string; params?: Record<string, string> };

/** The URL's host as compared with WEBHOOK_ALLOWED_HOSTS: lower case, IPv6 without brackets. */
export const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

/**
 * The same rule as request-filtering-agent applies at connect time: only a unicast (public)
 * address passes; ipaddr.js names the others (loopback, private, linkLocal, uniqueLocal,
 * carrierGradeNat, ipv4Mapped, reserved, multicast, unspecified...). Answers the range refused.
 */
export function refusedRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid';
  const range = ipaddr.parse(address).range();
  return range === 'unicast' ? null : range;
}

/** The rules that need no look-up: http(s), no credentials, https unless the host may be private. */
export function checkUrlForm(config: WebhooksConfig, raw: string): { url: URL; open: boolean } | UrlRefusal {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { key: 'validation.webhookUrlInvalid' };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return { key: 'validation.webhookUrlInvalid' };
  if (url.username || url.password) return { key: 'validation.webhookUrlCredentials' };
  // `open`: reached whatever the host resolves to.
  const open = config.allowPrivate || config.allowedHosts.includes(hostOf(url));
  if (url.protocol === 'http:' && !open) return { key: 'validation.webhookUrlHttps' };
  return { url, open };
}

type Lookup = (host: string) => Promise<string[]>;
const systemLookup: Lookup = async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Checks a URL before it is saved: its form, then every address its host resolves to now.
 * Answers null when it may be saved.
 */
export async function checkWebhookUrl(config: WebhooksConfig, raw: string, lookup: Lookup = systemLookup): Promise<UrlRefusal | null> {
  const form = checkUrlForm(config, raw);
  if (!('url' in form)) return form;
  if (form.open) return null;
  const host = hostOf(form.url);
  let addresses: string[];
  if (net.isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await lookup(host);
    } catch {
      return { key: 'validation.webhookUrlUnresolved', params: { host } };
    }
  }
  for (const address of addresses) {
    if (refusedRange(address)) return { key: 'validation.webhookUrlPrivate', params: { address } };
  }
  return null;
}

/** The message request-filtering-agent gives a refused address ("DNS lookup … is not allowed"). */
export const isRefusedAddressError = (error: unknown) => error instanceof Error && /^DNS lookup .* is not allowed\b/.test(error.message);

/**
 * The agents deliveries go through, kept alive between deliveries to one receiver: for a host
 * that may be anywhere (WEBHOOK_ALLOWED_HOSTS) plain ones; otherwise request-filtering-agent's,
 * which check the address of every new connection (the literal one, or each one DNS answers)
 * before connecting. WEBHOOK_ALLOW_PRIVATE lets private addresses through them, never 0.0.0.0 or ::.
 */
export function deliveryAgents(config: WebhooksConfig) {
  const options = { keepAlive: true, maxSockets: 16, maxFreeSockets: 4, timeout: 30_000 };
  const filtering = {
    http: new RequestFilteringHttpAgent({ ...options, allowPrivateIPAddress: config.allowPrivate }),
    https: new RequestFilteringHttpsAgent({ ...options, allowPrivateIPAddress: config.allowPrivate }),
  };
  const plain = { http: new http.Agent(options), https: new https.Agent(options) };
  return {
    for(url: URL): http.Agent {
      const set = config.allowedHosts.includes(hostOf(url)) ? plain : filtering;
      return url.protocol === 'https:' ? set.https : set.http;
    },
    destroy() {
      for (const agent of [filtering.http, filtering.https, plain.http, plain.https]) agent.destroy();
    },
  };
}
export type DeliveryAgents = ReturnType<typeof deliveryAgents>;
