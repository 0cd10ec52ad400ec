import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_DEVICE,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_WINDOW_MINUTES,
} from '@panel/contract';
import { AppError } from '../http/app-error.js';
import type { Ctx } from '../http/context.js';
import { retryAfterSeconds, type Window } from './rate-limiter.js';

const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60 * 1000;

export type Limit = { key: string; max: number };

/** One attempt taken from its limits, before the check it pays for. */
export type Attempt = {
  /** The check passed: the attempt goes back everywhere, and the first limit (the account's) starts again. */
  passed(): Promise<void>;
  /** The check never ran (nothing to check, a refusal before it): the attempt goes back. */
  giveBack(): Promise<void>;
};

const tooMany = (window: Window) => {
  const seconds = retryAfterSeconds(window);
  return new AppError('TOO_MANY_ATTEMPTS', { params: { count: Math.ceil(seconds / 60) }, headers: { 'retry-after': String(seconds) } });
};

/**
 * Takes one attempt from every limit before the check it guards (a password, a code, a passcode),
 * so guesses sent together cannot all pass a limit that is read first and counted after: of 30
 * at once, `max` are checked and the rest answer 429 with Retry-After. When one limit is used up
 * the attempts taken from the others go back. Failures keep their attempt; see `Attempt`.
 */
export async function takeAttempt(ctx: Ctx, limits: Limit[], options: { waitMs?: number } = {}): Promise<Attempt> {
  const giveBack = (of: Limit[]) => Promise.all(of.map(({ key }) => ctx.limiter.giveBack(key))).then(() => undefined);
  const deadline = Date.now() + (options.waitMs ?? 0);
  for (;;) {
    const windows = await Promise.all(limits.map(({ key, max }) => ctx.limiter.take(key, max, WINDOW_MS)));
    const refused = windows.find((window) => !window.taken);
    if (!refused) break;
    await giveBack(limits.filter((_, i) => windows[i]!.taken));
    // `waitMs`: attempts still in flight may be right ones that give their place back; a burst of
    // wrong ones keeps it, and the waiting requests still end in 429, unchecked.
    if (Date.now() >= deadline) throw tooMany(refused);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    giveBack: () => giveBack(limits),
    passed: async () => {
      await Promise.all([ctx.limiter.reset(limits[0]!.key), giveBack(limits.slice(1))]);
    },
  };
}

/** Counts a failure that no check of a limit preceded (an unknown sign-in challenge costs its address). */
export async function recordFailure(ctx: Ctx, limits: Limit[]) {
  await Promise.all(limits.map(({ key }) => ctx.limiter.hit(key, WINDOW_MS)));
}

/** A browser that signed in to the account before counts on its own: strangers never block it (see modules/auth/known-browser.ts). */
export const knownBrowserLimits = (nonce: string): Limit[] => [{ key: `login:device:${nonce}`, max: LOGIN_MAX_FAILURES_PER_DEVICE }];

export const loginLimits = (ctx: Ctx, email: string): Limit[] => [
  { key: `login:account:${email}`, max: LOGIN_MAX_FAILURES_PER_ACCOUNT },
  { key: `login:ip:${ctx.ip}`, max: LOGIN_MAX_FAILURES_PER_IP },
];

export const passcodeLimits = (ctx: Ctx, userId: number): Limit[] => [
  { key: `passcode:account:${userId}`, max: LOGIN_MAX_FAILURES_PER_ACCOUNT },
  { key: `passcode:ip:${ctx.ip}`, max: LOGIN_MAX_FAILURES_PER_IP },
];

/** Mails to one address: enough for a person, too few to flood an inbox. */
export const mailLimits = (ctx: Ctx, email: string): Limit[] => [
  { key: `mail:${email}`, max: LOGIN_MAX_FAILURES_PER_ACCOUNT },
  { key: `mail-ip:${ctx.ip}`, max: LOGIN_MAX_FAILURES_PER_IP },
];

/** Sign-ups from one address: each sends a mail, so one client must not send them by the hundred. */
export const signupLimits = (ctx: Ctx): Limit[] => [{ key: `signup-ip:${ctx.ip}`, max: LOGIN_MAX_FAILURES_PER_IP }];
