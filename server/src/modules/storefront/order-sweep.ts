import { sql } from 'drizzle-orm';
import type { Ctx } from '../../http/context.js';
import { sweepWaitingOrders } from './fulfilment.js';

/**
 * The safety net of orders waiting for credit (issue 43). Credit arriving sweeps its account's
 * orders at once (credit-arrival.ts), after the move's commit; a node that stops between that
 * commit and the sweep would leave them waiting until the next credit. Every minute, each account
 * whose balance now covers its oldest waiting order is swept again. Sweeping is exactly-once by
 * itself (`fulfil` locks each order), so nodes sweeping together activate nothing twice.
 */
export function startOrderSweep(ctx: Ctx, options: { intervalMs?: number } = {}) {
  const intervalMs = options.intervalMs ?? 60_000;
  let running: Promise<void> | undefined;
  const pass = async () => {
    try {
      const result = await ctx.db.execute(sql`
        select o.user_id from store_orders o join users u on u.id = o.user_id
        where o.status = 'waiting_credit'
          and o.id = (select min(w.id) from store_orders w where w.user_id = o.user_id and w.status = 'waiting_credit')
          and u.credit_point >= o.credit_cost`);
      for (const row of (result as { rows: { user_id: number }[] }).rows) await sweepWaitingOrders(ctx, Number(row.user_id));
    } catch (error) {
      ctx.log.warn({ err: error }, 'store orders sweep failed; retrying at the next tick');
    }
  };
  const timer = setInterval(() => {
    running ??= pass().finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
