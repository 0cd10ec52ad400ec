import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { createReseller, rows } from '../../../test/fixtures.js';
import { openTestStore } from '../../../test/store-checkout.js';
import { telegramStandIn } from '../../../test/telegram-stand-in.js';
import { encryptSecret, serverKey } from '../../lib/server-key.js';
import { startTelegramDigestScheduler } from './telegram-digest.js';

/**
 * The daily digest's scheduler (issue 44): nothing before REMINDER_HOUR, then one digest per store
 * and day to the reseller's chat however many nodes run it, and a store without a linked chat none.
 */
describe(`the Telegram digest scheduler (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const standIn = telegramStandIn();
  const TOKEN = '7099999999:AAHdigestdigestdigestdigestdigest';
  const CHAT = 7_700_001;
  let t: TestApp;

  beforeAll(async () => {
    standIn.goodTokens.set(TOKEN, 'digest_bot');
    t = await createTestApp({ env: { TELEGRAM_API_BASE: await standIn.listen(), REMINDER_HOUR: '9' } });
    const encrypted = encryptSecret(serverKey(t.app.deps.config), TOKEN);
    const linked = await openTestStore(t, await createReseller(t), { stripe: false });
    const unlinked = await openTestStore(t, await createReseller(t), { stripe: false });
    await t.database.db.execute(
      sql`update storefronts set telegram_bot_token_encrypted = ${encrypted}, telegram_bot_username = 'digest_bot', telegram_secret_hash = 'x',
          telegram_owner_chat_id = case when id = ${linked.id} then ${CHAT}::bigint end where id in (${linked.id}, ${unlinked.id})`,
    );
  });
  afterAll(async () => {
    await t?.close();
    await standIn.close();
  });

  const deps = () => ({ db: t.database.db, config: t.app.deps.config, log: t.app.log });
  /** A clock stopped on 20 May 2031 at `hour` (server time, as REMINDER_HOUR). */
  const at = (hour: number) => () => new Date(2031, 4, 20, hour, 15);
  async function run(clock: () => Date, nodes: number) {
    const schedulers = Array.from({ length: nodes }, () => startTelegramDigestScheduler(deps(), { intervalMs: 30, heartbeatMs: 30, clock }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    await Promise.all(schedulers.map((s) => s.stop()));
  }

  it('sends nothing before REMINDER_HOUR', async () => {
    await run(at(8), 2);
    expect(standIn.sent('sendMessage')).toHaveLength(0);
  });

  it('sends one digest per store and day from REMINDER_HOUR, across two nodes, to the linked chat only', async () => {
    await run(at(10), 2);
    expect(standIn.sent('sendMessage').map((c) => c.body.chat_id)).toEqual([CHAT]);
    const claims = await rows<{ n: number }>(t, sql`select count(*)::int as n from storefront_digests where day = '2031-05-20' and sent_at is not null`);
    expect(claims[0]!.n).toBe(1);
    await run(at(15), 2);
    expect(standIn.sent('sendMessage')).toHaveLength(1);
  });
});
