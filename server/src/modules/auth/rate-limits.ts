import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_WINDOW_MINUTES,
} from '@panel/contract';
import { AppError } from '../../http/app-error.js';
import type { Ctx } from '../../http/context.js';
import { retryAfterSeconds } from '../../lib/rate-limiter.js';

const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60 * 1000;

type Limit = { key: string; max: number };

/** Throws 429 with Retry-After while any of the limits is used up inside its window. */
export async function assertUnderLimits(ctx: Ctx, limits: Limit[]) {
  for (const { key, max } of limits) {
    const window = await ctx.limiter.peek(key);
    if (window && window.count >= max) {
      const seconds = retryAfterSeconds(window);
      throw new AppError('TOO_MANY_ATTEMPTS', {
        params: { count: Math.ceil(seconds / 60) },
        headers: { 'retry-after': String(seconds) },
      });
    }
  }
}

export async function recordFailure(ctx: Ctx, limits: Limit[]) {
  await Promise.all(limits.map(({ key }) => ctx.limiter.hit(key, WINDOW_MS)));
}

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
