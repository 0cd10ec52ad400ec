import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RESPONSE_KEEP_BYTES, type WebhookAttemptError } from '@panel/contract';
import { isRefusedAddressError, type DeliveryAgents } from './address-guard.js';

/** A new signing secret in the Standard Webhooks format: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with each
 * secret, space-separated (the current one, and during a roll the previous one), so a receiver
 * verifying with either secret accepts it.
 */
export function signatureHeader(secrets: string[], id: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' ');
}

export type AttemptResult = {
  /** Null: no answer (time-out, refused address, failed connection). */
  statusCode: number | null;
  durationMs: number;
  /** The first WEBHOOK_RESPONSE_KEEP_BYTES of the answer, as text. */
  body: string | null;
  error: WebhookAttemptError | null;
};

/** Text PostgreSQL can store: no NUL characters (a binary answer), whatever the bytes were. */
const storable = (bytes: Buffer) => bytes.toString('utf8').replace(/\0/g, '');

/**
 * One POST of a signed event. Never throws: the receiver's answer or why there is none. Redirects
 * are not followed (node:http never does; a 3xx is an answer like any other non-2xx). At most
 * WEBHOOK_RESPONSE_KEEP_BYTES of the answer are read; past that, or after `timeoutMs` in all,
 * the connection is dropped, so a receiver that answers slowly or endlessly stalls nothing.
 */
export function sendAttempt(
  target: URL,
  request: { headers: Record<string, string>; body: string },
  options: { agents: DeliveryAgents; timeoutMs: number },
): Promise<AttemptResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    // The whole attempt, connection and answer: an answer whose status came in time keeps its status.
    const timer = setTimeout(() => {
      if (statusCode !== null) answered(true);
      else finish({ statusCode: null, body: null, error: 'timeout' }, true);
    }, options.timeoutMs);
    const finish = (result: Omit<AttemptResult, 'durationMs'>, drop: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // A dropped connection is not kept alive for the next delivery.
      if (drop) req.destroy();
      resolve({ ...result, durationMs: Math.round(performance.now() - started) });
    };
    const answered = (drop: boolean) =>
      finish({ statusCode, body: storable(Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_KEEP_BYTES)), error: null }, drop);

    const send = target.protocol === 'https:' ? https.request : http.request;
    const req = send(
      target,
      {
        method: 'POST',
        agent: options.agents.for(target),
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': 'reseller-panel-webhooks/1',
        },
      },
      (res) => {
        statusCode = res.statusCode ?? null;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= WEBHOOK_RESPONSE_KEEP_BYTES) answered(true);
        });
        res.on('end', () => answered(false));
        // The answer broke off after its status: the status stands.
        res.on('error', () => answered(true));
        res.on('close', () => answered(true));
      },
    );
    req.on('error', (error) => {
      if (statusCode !== null) return answered(true);
      finish({ statusCode: null, body: null, error: isRefusedAddressError(error) ? 'address_refused' : 'connection_failed' }, true);
    });
    req.end(request.body);
  });
}
