import type { DbOrTx } from '../../db/client.js';
import type { Ctx } from '../../http/context.js';
import { derivedWritten } from '../../lib/derived-signal.js';
import { creditArrived } from './credit-arrival.js';

/**
 * What a credit move does after it, in its transaction (issue 45: nothing more in SQL while the
 * move holds its accounts' rows). `credit_move` wrote the move's outbox row beside its ledger row;
 * the low-balance line and its mail and the `credit.*` webhook events are derived from it after
 * the commit (src/modules/derived), and what waits for the credited account's points hears of it
 * (credit-arrival.ts). Every balance change of the panel goes through `transfer` or the share
 * function (credit.service), and both call `afterMove`.
 */

export type MovedPoints = { creditorId: number | null };

export function afterMove(ctx: Ctx, tx: DbOrTx, move: MovedPoints) {
  if (move.creditorId !== null) creditArrived(ctx, tx, move.creditorId);
  derivedWritten(tx);
}
