import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { STEP_UP_MINUTES } from '@panel/contract';
import type { TestApp } from './harness.js';
import type { TestUser } from './fixtures.js';

/** The code an authenticator app shows `steps` 30-second steps from now. */
export function codeAt(secret: string, steps = 0) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

export type WithFactor = TestUser & { secret: string; recoveryCodes: string[] };

/** Turns TOTP on for the account, confirming with the previous step's code (so the current and next are still free). */
export async function turnOn(t: TestApp, user: TestUser): Promise<WithFactor> {
  const setup = await t.call({ method: 'POST', url: '/api/two-factor/totp/setup', token: user.token });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ data: { secret: string } }>().data;
  const confirm = await t.call({ method: 'POST', url: '/api/two-factor/totp/confirm', token: user.token, payload: { code: codeAt(secret, -1) } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { ...user, secret, recoveryCodes: confirm.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes };
}

/** The account's sessions confirmed their factor longer ago than the step-up covers. */
export async function makeStepUpStale(t: TestApp, userId: number) {
  await t.database.db.execute(sql`update sessions set two_factor_at = now() - make_interval(mins => ${STEP_UP_MINUTES + 1}) where user_id = ${userId}`);
}
