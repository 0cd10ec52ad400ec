import { eq } from 'drizzle-orm';
import { CREDIT_TR_TYPES, translate } from '@panel/contract';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Ctx } from '../../http/context.js';
import { giveBackKeySpend } from '../api-keys/api-keys.service.js';
import { once } from '../../lib/idempotency.js';
import { transfer } from '../credit/credit.service.js';
import { emit } from '../webhooks/webhooks.service.js';
import { inReach } from './activation.service.js';
import * as repo from './activation.repository.js';
import { undoWindowHours } from './undo-window.js';

/**
 * Undo of an unused activation (issue 27), one activation row at a time: the path names a row,
 * and a request of several apps has one row per app, each with its share of the request's cost
 * (`credit_point`), so undoing one app refunds that share and leaves the other apps activated.
 *
 * Who: the account that paid (the row's reseller), its parent, or an admin: the rows of the
 * activated apps list (the caller's reach); another account's row answers 404.
 *
 * When: within the admin's window (UNDO_WINDOW_DEFAULT_HOURS; 0 turns undo off), once, while the
 * device has not asked the player API for its status since the activation and nothing was built on
 * the state it left (a later activation, a redeemed code, a disable or any other change).
 *
 * One transaction: the activation row, then the device row, locked (the activation's own order:
 * devices before accounts), the rules checked on the locked rows, the device put back as it was,
 * one `Refund` ledger row credited to the payer with its balance after (`transfer`), the paying
 * scoped key's spend of today given back, the row marked refunded and `activation.undone` in the
 * outbox (sent once the transaction commits). Two undos of one row queue on its lock and the
 * second sees it undone. The status call marks the device under the same row lock (player.service
 * `status`): it either sees the state the undo put back, or its mark makes the undo refuse.
 */
export async function undoActivation({ ctx, id, requestId }: { ctx: Ctx; id: number; requestId: string | null }) {
  // Read before the transaction: on PGlite's one connection a read outside it would wait for it.
  const reach = await inReach(ctx);
  return once(ctx, requestId, ['undo-activation', id], (tx) => undoInTx(ctx, tx, id, reach, requestId));
}

async function undoInTx(ctx: Ctx, tx: Tx, id: number, reach: Awaited<ReturnType<typeof inReach>>, requestId: string | null) {
  const row = await repo.lockActivation(tx, id, reach);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.refundedAt) throw new AppError('UNDO_ALREADY_DONE');
  const hours = await undoWindowHours(tx);
  if (hours === 0) throw new AppError('UNDO_OFF');
  // An activation made before undo existed stores no previous state: it is past any window by now.
  if (row.prevExpireDate === null || Date.now() - row.createdAt.getTime() > hours * 3_600_000) {
    throw new AppError('UNDO_WINDOW_PASSED', { params: { hours } });
  }
  const device = await repo.lockDevice(tx, row.deviceId);
  if (device.lastStatusAt !== null && device.lastStatusAt.getTime() >= row.createdAt.getTime()) throw new AppError('UNDO_DEVICE_CHECKED_IN');
  const lifetime = row.package === 'Lifetime';
  const unchanged =
    device.expireDate.getTime() === row.boxExpiryDate.getTime() && device.lifetime === lifetime && device.disabledAt === null && device.activatedBy === row.resellerId;
  if (!unchanged || (await repo.laterActivationExists(tx, row.deviceId, row.id))) throw new AppError('UNDO_SUPERSEDED');

  const restored = await repo.restoreDevice(tx, device.id, row.id);
  // A share of 0 (a multi-app request's cost split over more apps than points) moves nothing:
  // the row is marked undone without a ledger row.
  let ledgerId: number | null = null;
  let balance: number;
  if (row.creditPoint > 0) {
    const moved = await transfer(ctx, tx, {
      trType: CREDIT_TR_TYPES.refund,
      amount: row.creditPoint,
      debitorId: null,
      creditorId: row.resellerId,
      reason: 'activation-undo',
      requestId,
      insufficient: () => new AppError('INTERNAL'),
    });
    ledgerId = moved.ledgerId;
    balance = moved.creditorBalance!;
  } else {
    const [payer] = await tx.select({ creditPoint: users.creditPoint }).from(users).where(eq(users.id, row.resellerId));
    balance = payer!.creditPoint;
  }
  // A scoped key that paid it today gets the points back on its daily spend (issue 27).
  await giveBackKeySpend(tx, { payerId: row.resellerId, ledgerId: row.ledgerId, points: row.creditPoint });
  const refundedAt = await repo.markRefunded(tx, row.id, ledgerId);
  const [app] = await repo.applicationsByIds(tx, [row.applicationId]);
  await emit(ctx, tx, row.resellerId, 'activation.undone', {
    activation_id: row.id,
    device: { id: row.deviceId, mac_address: restored.macAddress },
    app: { id: row.applicationId, name: app?.appName ?? '' },
    package: row.package,
    refunded_points: row.creditPoint,
    balance_after: balance,
    ledger_id: ledgerId,
  });
  return {
    status: true as const,
    msg: translate(ctx.locale, 'activation.undone', { points: row.creditPoint }),
    data: {
      id: row.id,
      refunded_at: refundedAt.toISOString(),
      credit_points: row.creditPoint,
      reseller_id: row.resellerId,
      credit_point: balance,
      refund_ledger_id: ledgerId,
      device: {
        mac_address: restored.macAddress,
        app_id: restored.applicationId,
        expire_date: restored.expireDate.toISOString(),
        is_lifetime: restored.lifetime,
        is_trial: restored.isTrial,
      },
    },
  };
}
