import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { Mailer } from '../../server/src/mail/mailer.js';
import { sendDueCustomerReminders } from '../../server/src/modules/customer-reminders/customer-reminders.scheduler.js';
import { startBenchPanel } from './bench-panel.js';
import { fmt } from './http-load.js';
import type { PartOptions } from './report.js';

/** Customer devices due on the one day (BENCH_REMINDER_DEVICES). */
const DEVICES = Number(process.env.BENCH_REMINDER_DEVICES ?? 100_000);
const DAY_MS = 86_400_000;

/**
 * Every mail built as the outbox builds it (nodemailer's MIME, headers and all), then dropped:
 * the figure is the panel's pass, not a disk filling with 100,000 files or an SMTP server's speed.
 */
function buildingMailer(): Mailer & { built: () => number } {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let built = 0;
  return {
    async send(mail) {
      await transport.sendMail({ from: 'store@bench.test', to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
      built += 1;
    },
    describe: () => 'bench: built and dropped',
    built: () => built,
  };
}

/**
 * Customer reminders on PostgreSQL (issue 44): one store with reminders on (7, 3, 1 before; 1
 * after), DEVICES customers each with one device expiring 2½ days after the pass, so that every
 * device's 3-day milestone is due at once. One pass of `sendDueCustomerReminders` (slices of
 * 1,000 links by keyset, each slice's claims in one statement, 8 mails in flight, each with its signed renewal
 * and unsubscribe links): its duration, reminders per second, and the process's peak RSS above
 * what it held before (sampled every 20 ms). Run it under NODE_OPTIONS=--max-old-space-size=256 to
 * see the live set is bounded: without a cap V8 lets the heap grow with the garbage of 100,000 mails.
 */
export async function customerRemindersFigures(databaseUrl: string, options: PartOptions) {
  const panel = await startBenchPanel({ DATABASE_URL: databaseUrl });
  try {
    const db = panel.app.deps.db;
    const slug = `bench-${Date.now().toString(36)}`;
    const saved = await panel.call('PUT', '/storefront', panel.adminToken, { slug, title: 'Bench TV', enabled: true, accent_color: '#1864ab', currency: 'EUR', support: { email: 'help@bench.test' } });
    const storefrontId = (saved.data as { id: number }).id;
    const [app] = ((await db.execute(sql`select id from applications where not hidden order by id limit 1`)) as { rows: { id: number }[] }).rows;
    await panel.call('POST', '/storefront/products', panel.adminToken, { name: 'One year', app_ids: [app!.id], package: 'one_year', price: 990 });
    await panel.call('PUT', '/storefront/reminders', panel.adminToken, { enabled: true, days_before: [7, 3, 1], days_after: [1] });
    const [owner] = ((await db.execute(sql`select user_id from storefronts where id = ${storefrontId}`)) as { rows: { user_id: number }[] }).rows;
    const userId = owner!.user_id;

    // A day 40 days ahead: the panel's own scheduler, if it runs, finds nothing due today and
    // does not share the work with the measured pass.
    const now = new Date(Date.now() + 40 * DAY_MS);
    const expires = new Date(now.getTime() + 2.5 * DAY_MS);
    const seeded = performance.now();
    await db.execute(sql`insert into customers (user_id, email, name, language)
      select ${userId}, 'customer' || n || '@bench.test', 'Customer ' || n, (array['en','ar','de','br','esp'])[1 + n % 5]
      from generate_series(1, ${DEVICES}) n`);
    await db.execute(sql`insert into devices (application_id, mac_address, device_key, expire_date, is_trial, activated_by, activated_at)
      select ${app!.id}, 'b0:' || lpad(to_hex(n / 65536 % 256), 2, '0') || ':' || lpad(to_hex(n / 256 % 256), 2, '0') || ':' || lpad(to_hex(n % 256), 2, '0') || ':be:43',
        'key' || n, ${expires.toISOString()}::timestamptz, 0, ${userId}, now()
      from generate_series(1, ${DEVICES}) n`);
    await db.execute(sql`insert into customer_devices (customer_id, device_id)
      select c.id, d.id from
        (select id, row_number() over (order by id) k from customers where user_id = ${userId}) c
        join (select id, row_number() over (order by id) k from devices where activated_by = ${userId} and device_key like 'key%') d using (k)`);
    await db.execute(sql`analyze customers; analyze devices; analyze customer_devices`);
    const seedSeconds = (performance.now() - seeded) / 1000;

    const mailer = buildingMailer();
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const pass = await sendDueCustomerReminders({ db, mailer, config: { ...panel.app.deps.config, reminderHour: 0 }, log: panel.app.log }, now);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    options.report(
      `Customer reminders: one pass, ${fmt(DEVICES, 0)} customer devices due on one day (PostgreSQL)`,
      `${fmt(seconds, 1)} s, ${fmt(pass.sent / seconds, 0)} reminders/s`,
      `peak RSS +${fmt((peak - before) / 2 ** 20, 0)} MiB over ${fmt(before / 2 ** 20, 0)} MiB`,
      `${fmt(pass.sent, 0)} sent, ${fmt(mailer.built(), 0)} mails built (MIME, dropped), ${pass.pending} pending; seeding ${fmt(seedSeconds, 1)} s`,
    );
  } finally {
    await panel.close();
  }
}
