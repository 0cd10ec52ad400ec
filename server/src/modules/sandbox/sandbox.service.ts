import { CREDIT_TR_TYPES } from '@panel/contract';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { transfer } from '../credit/credit.service.js';

/**
 * POST /api/sandbox/test-credit: the sandbox's only way to create points. It runs on the sandbox's
 * database (ctx.db of a sandbox request), so no live balance or ledger ever sees it.
 */
export async function addTestCredit(ctx: Ctx, points: number) {
  if (!ctx.sandboxDb || ctx.db !== ctx.sandboxDb) throw new AppError('ROUTE_NOT_FOUND');
  const me = callerOf(ctx);
  const move = await ctx.db.transaction((tx) =>
    transfer(ctx, tx, {
      trType: CREDIT_TR_TYPES.testCredit,
      amount: points,
      debitorId: null,
      creditorId: me.userId,
      reason: 'test-credit',
      requestId: null,
      insufficient: () => new AppError('INTERNAL'),
    }),
  );
  return { credit_point: move.creditorBalance!, added: points };
}
