import type { InsightRefusalReason } from '@panel/contract';
import { AppError } from '../../http/app-error.js';
import { inSandbox } from '../../db/sandbox.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { addRefusal } from './insights.repository.js';

/** The multi-app check's message keys (activation.service's MESSAGE_KEYS) by refusal reason. */
const CHECK_REASONS: Record<string, InsightRefusalReason> = {
  'activation.check.notRegistered': 'device_not_registered',
  'activation.check.lifeTime': 'already_lifetime',
  'activation.check.disabled': 'device_disabled',
  'activation.check.notAllowed': 'app_not_allowed',
  'activation.check.hidden': 'app_not_allowed',
};

/**
 * The reason an activation was refused, from the error it threw: one per request, the first
 * blocked app's reason when the check refused it. Undefined for what is no refusal of the request
 * (a server failure, a request id reused while its first answer is being written).
 */
export function refusalReason(error: unknown): InsightRefusalReason | undefined {
  if (!(error instanceof AppError) || error.status >= 500) return undefined;
  switch (error.code) {
    case 'INSUFFICIENT_CREDIT':
      return 'not_enough_credit';
    case 'NO_APPS_TO_ACTIVATE':
      return 'app_not_allowed';
    case 'PRICE_CHANGED':
      return 'price_changed';
    case 'API_KEY_SPEND_CAP':
      return 'spend_cap';
    case 'ACTIVATION_REFUSED': {
      const first = Object.entries(error.options.fields ?? {}).find(([field]) => field.startsWith('app_ids.'))?.[1][0];
      return (first && CHECK_REASONS[first]) || 'other';
    }
    case 'CONFLICT':
      return undefined;
    default:
      return 'other';
  }
}

/**
 * Counts a refused activation (a single one or a bulk file's row) for the Insights screen: after
 * the refusal's transaction rolled back, in one short statement of its own. Sandbox activations
 * are not counted. A failure to count is logged and never changes the refusal's answer.
 */
export async function recordRefusal(ctx: Ctx, error: unknown): Promise<void> {
  const reason = refusalReason(error);
  if (reason === undefined || !ctx.auth || inSandbox(ctx)) return;
  try {
    await addRefusal(ctx.db, callerOf(ctx).userId, reason);
  } catch (failure) {
    ctx.log.warn({ err: failure }, 'refusal not counted');
  }
}
