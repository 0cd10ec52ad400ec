import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from './harness.js';

/** What a watched app let out: every answer body and every log line at debug level. */
export type Seen = { logged: string; answers: string[] };

/**
 * A test app that keeps every answer it gives through `t.call` and every log line down to debug,
 * so that a test can show a secret (a reseller's Stripe keys, a bot token) appears in neither.
 */
export async function watchedTestApp(env: Record<string, string>): Promise<{ t: TestApp; seen: Seen }> {
  const seen: Seen = { logged: '', answers: [] };
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      seen.logged += chunk.toString();
      done();
    },
  });
  const t = await createTestApp({ logStream, env: { LOG_LEVEL: 'debug', ...env } });
  const call = t.call.bind(t);
  t.call = async (options) => {
    const res = await call(options);
    seen.answers.push(res.body);
    return res;
  };
  return { t, seen };
}
