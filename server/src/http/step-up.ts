import { STEP_UP_MINUTES } from '@panel/contract';
import { AppError } from './app-error.js';
import { callerOf, type Ctx } from './context.js';

/**
 * Money and secrets move only after a recent second factor: a session of an account with a factor
 * on must have confirmed one (sign-in or `POST /api/step-up`) in the last minutes. Accounts without
 * a factor, and API keys (not sessions), pass. Called first, before anything changes.
 */
export function requireStepUp(ctx: Ctx) {
  const me = callerOf(ctx);
  if (me.viaApiKey || !me.hasSecondFactor) return;
  if (me.twoFactorAt && Date.now() - me.twoFactorAt.getTime() < STEP_UP_MINUTES * 60_000) return;
  throw new AppError('STEP_UP_REQUIRED');
}
