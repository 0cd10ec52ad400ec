/**
 * The reference player: what a media-player app does against the panel, as a command.
 *
 *   npm run player -- register --app IBOPLAYER --mac 00:1a:79:12:34:56
 *   npm run player -- status | playlists | redeem <code> | store-link   (same --app and --mac)
 *
 * Everything it sends and reads is the contract's (contract/src/player.ts): the endpoint gives the
 * method and path, its body schema the request, its answer schema what a success must look like.
 * An app written in another language follows the same five calls; the OpenAPI document at
 * /api/docs describes them too.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as z from 'zod/mini';
import QRCode from 'qrcode';
import {
  SEED_APPLICATIONS,
  errorEnvelope,
  macAddressField,
  pathOf,
  playerRedeemCodeEndpoint,
  playerRegisterEndpoint,
  playerStatusEndpoint,
  playerStoreLinkEndpoint,
  translate,
  type BodyIn,
  type Endpoint,
  type PlayerDeviceAnswer,
  type PlayerRegisterAnswer,
} from '@panel/contract';

const USAGE = `Usage: npm run player -- <command> --app <id or name> --mac <MAC> [options]

Commands:
  register         first start of the app: creates the device (a free trial) or finds it again
  status           what the app asks on each start: expiry and playlists
  redeem <code>    binds an activation code to this device
  playlists        the device's playlists (passwords masked)
  store-link       the renewal link of the reseller's store, and its QR code to scan with a phone

Options:
  --url <url>      the panel (default http://localhost:3000)
  --state <dir>    where installation secrets are kept (default ~/.panel-player/)
  --key <key>      a device key, for a device this state folder did not register (status, playlists, store-link)
  --show-secrets   show playlist passwords
`;

/** What the command writes; the test passes its own to read it. */
export type Io = { out: (line: string) => void; err: (line: string) => void };

/** A refusal to show as it is: the server's message, or one of ours. Exit code 1. */
class PlayerError extends Error {}

/** Runs one command and answers its exit code (0 done, 1 refused or failed, 2 wrong usage). */
export async function run(argv: string[], io: Io = { out: console.log, err: console.error }): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: 'string', default: 'http://localhost:3000' },
        state: { type: 'string', default: path.join(os.homedir(), '.panel-player') },
        app: { type: 'string' },
        mac: { type: 'string' },
        key: { type: 'string' },
        'show-secrets': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = args;
  const [command, code] = positionals;
  if (values.help || !command) {
    (values.help ? io.out : io.err)(USAGE);
    return values.help ? 0 : 2;
  }
  if (!['register', 'status', 'redeem', 'playlists', 'store-link'].includes(command) || (command === 'redeem' && !code)) {
    io.err(command === 'redeem' ? 'redeem needs the code: npm run player -- redeem <code> --app … --mac …' : `Unknown command: ${command}\n\n${USAGE}`);
    return 2;
  }
  if (!values.app || !values.mac) {
    io.err('--app and --mac are required.');
    return 2;
  }

  try {
    const panel = new Panel(values.url);
    const app = applicationOf(values.app);
    const mac = checkedMac(values.mac);
    const state = new StateFile(values.state, app.id, mac);
    const device = { app_id: app.id, mac_address: mac };
    let answer: PlayerDeviceAnswer['data'];

    if (command === 'register' || command === 'redeem') {
      // The installation secret proves this is the app that registered the device: without it the
      // panel answers a MAC (guessable) only what a start screen shows, never the key or playlists.
      const device_secret = state.secret();
      if (command === 'register') {
        const registered = await panel.call(playerRegisterEndpoint, { ...device, version: 'reference-player', device_secret });
        if (!registered.data.secret_accepted) throw new PlayerError(`${registered.msg} (${registered.data.app_name} ${registered.data.mac_address}, ${registered.data.status}, expires ${registered.data.expire_date})`);
        answer = registered.data;
      } else {
        answer = (await panel.call(playerRedeemCodeEndpoint, { ...device, code: code!, version: 'reference-player', device_secret })).data;
      }
      // Kept so that later starts can ask `status` with the key, as the app shows it on screen.
      state.save({ device_key: answer.device_key });
    } else {
      const device_key = values.key ?? state.deviceKey();
      if (!device_key) throw new PlayerError(`No device key for this application and MAC in ${values.state}: run register first, or pass --key.`);
      if (command === 'store-link') {
        // The key proves the screen is the device's own: the link names the device and its customer.
        const { url } = (await panel.call(playerStoreLinkEndpoint, { ...device, device_key })).data;
        await printStoreLink(io, url);
        return 0;
      }
      answer = (await panel.call(playerStatusEndpoint, { ...device, device_key })).data;
    }

    if (app.expectedName && answer.app_name !== app.expectedName) {
      throw new PlayerError(`Application ${app.id} of this panel is ${answer.app_name}, not ${app.expectedName}: pass --app with the application's id.`);
    }
    print(io, answer, { playlistsOnly: command === 'playlists', showSecrets: values['show-secrets'] });
    return 0;
  } catch (error) {
    if (!(error instanceof PlayerError)) throw error;
    io.err(error.message);
    return 1;
  }
}

/**
 * `--app`: an application's id, or the name of one a new panel starts with (seeded in this
 * order, so their ids are 1 to 8 there). A real app ships with its id; the name is checked
 * against the answer's app_name, in case this panel numbers its applications otherwise.
 */
function applicationOf(value: string): { id: number; expectedName?: string } {
  if (/^\d+$/.test(value)) return { id: Number(value) };
  const index = SEED_APPLICATIONS.findIndex((a) => a.appName.toLowerCase() === value.toLowerCase());
  if (index < 0) throw new PlayerError(`Unknown application ${value}: pass its id, or one of ${SEED_APPLICATIONS.map((a) => a.appName).join(', ')}.`);
  return { id: index + 1, expectedName: SEED_APPLICATIONS[index]!.appName };
}

/** The MAC as the panel stores it (the contract's own rule), so 00-1a-… and 00:1A:… share a state file. */
function checkedMac(value: string): string {
  const parsed = macAddressField().safeParse(value);
  if (!parsed.success) throw new PlayerError(translate('en', parsed.error.issues[0]!.message));
  return parsed.data;
}

/**
 * The app's own storage: one JSON file per application and MAC, readable by its owner only. The
 * secret is made once, at the first start, from the system's secure generator (16 bytes,
 * base64url: what `device_secret` asks for), and never changes; losing it is a reinstall.
 */
class StateFile {
  private readonly file: string;
  constructor(dir: string, appId: number, mac: string) {
    this.file = path.join(dir, `app-${appId}-${mac.replace(/[^0-9A-Fa-f]/g, '').toLowerCase()}.json`);
  }
  private read(): { device_secret?: string; device_key?: string } {
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8')) as { device_secret?: string; device_key?: string };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new PlayerError(`Cannot read ${this.file}: ${(error as Error).message}`);
    }
  }
  save(fields: { device_secret?: string; device_key?: string }) {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(this.file, `${JSON.stringify({ ...this.read(), ...fields }, null, 2)}\n`, { mode: 0o600 });
    fs.chmodSync(this.file, 0o600); // writeFileSync's mode applies only to a new file
  }
  secret(): string {
    const known = this.read().device_secret;
    if (known) return known;
    const device_secret = crypto.randomBytes(16).toString('base64url');
    this.save({ device_secret });
    return device_secret;
  }
  deviceKey(): string | undefined {
    return this.read().device_key;
  }
}

/** The panel's player API: one typed call per contract endpoint. */
class Panel {
  constructor(private readonly url: string) {}

  async call<E extends Endpoint & { body: z.ZodMiniType; answer: z.ZodMiniType }>(endpoint: E, body: BodyIn<E>): Promise<z.output<E['answer']>> {
    const url = new URL(`api${pathOf(endpoint.path)}`, this.url.endsWith('/') ? this.url : `${this.url}/`);
    let response: Response;
    try {
      response = await fetch(url, { method: endpoint.method, headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify(body) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new PlayerError(`Cannot reach the panel at ${this.url} (${cause?.code ?? cause?.message ?? (error as Error).message}): is it running, and is --url its address?`);
    }
    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      // Every refusal of the panel is the one envelope of DESIGN.md §3: show its message as sent.
      const refusal = errorEnvelope.safeParse(json);
      if (!refusal.success) throw new PlayerError(`${url.href} answered ${response.status} without a panel answer: is --url the panel's address?`);
      const fields = Object.entries(refusal.data.errors ?? {}).map(([field, messages]) => `\n  ${field}: ${messages.join(' ')}`);
      throw new PlayerError(`${refusal.data.msg} (${response.status} ${refusal.data.code ?? refusal.data.statusCode})${fields.join('')}`);
    }
    // A success is read only through the endpoint's answer schema: a field the app relies on is there.
    const answer = endpoint.answer.safeParse(json);
    if (!answer.success) throw new PlayerError(`${url.href} answered something that is not the player API's answer: is --url the panel's address?`);
    return answer.data as z.output<E['answer']>;
  }
}

/** What the app shows: the device key (typed into the panel by the reseller), expiry, playlists. */
function print(io: Io, device: PlayerDeviceAnswer['data'] | Extract<PlayerRegisterAnswer['data'], { device_key: string }>, options: { playlistsOnly: boolean; showSecrets: boolean }) {
  if (!options.playlistsOnly) {
    io.out(`Application  ${device.app_name} (id ${device.app_id})`);
    io.out(`MAC address  ${device.mac_address}`);
    io.out(`Device key   ${device.device_key}`);
    io.out(`Status       ${device.status}${device.is_trial ? ' (trial)' : ''}`);
    io.out(`Expires      ${device.is_lifetime ? 'never (lifetime)' : device.expire_date}`);
  }
  io.out(`Playlists    ${device.playlists.length === 0 ? 'none' : device.playlists.length}`);
  for (const p of device.playlists) {
    const user = p.username === null ? '' : `  user ${p.username}`;
    const password = p.password === null ? '' : `  password ${options.showSecrets ? p.password : '********'}`;
    io.out(`  #${p.id} ${p.name} [${p.type}${p.protect ? ', PIN' : ''}] ${p.url}${user}${password}`);
  }
}

/**
 * What the app shows when the customer asks to renew: the link as a QR code, so a phone opens the
 * store with the device already filled in (nobody types a MAC with a remote), and the link itself
 * for a screen too small to scan from. `small` draws two rows of modules per text line (half
 * blocks), so the code fits an 80-column terminal.
 */
async function printStoreLink(io: Io, url: string) {
  io.out('Renew from a phone: scan this code, or open');
  io.out(`  ${url}`);
  io.out((await QRCode.toString(url, { type: 'terminal', small: true })).trimEnd());
}

// Run as a command (not when a test imports `run`).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  process.exitCode = await run(process.argv.slice(2));
}
