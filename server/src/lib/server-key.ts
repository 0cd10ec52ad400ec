import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

const KEY_FILE = 'server.key';
const loaded = new Map<string, Buffer>();

/**
 * The server key (32 bytes) that encrypts secrets the panel must show again (reseller API keys).
 * SERVER_KEY wins; otherwise a key is generated once into DATA_DIR/server.key (mode 0600) and read
 * back on every later start. Several API nodes must share SERVER_KEY.
 */
export function serverKey(config: Pick<Config, 'serverKey' | 'dataDir'>): Buffer {
  if (config.serverKey) return config.serverKey;
  const cached = loaded.get(config.dataDir);
  if (cached) return cached;
  const file = path.join(config.dataDir, KEY_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // `wx` fails when the file exists: two processes starting at once never overwrite each other's key.
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key (64 hex digits)`);
  loaded.set(config.dataDir, key);
  return key;
}

const VERSION = 'v1';

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts; tampering makes decryption fail. */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown secret format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
