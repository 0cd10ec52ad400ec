import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/public/social-widget', () => {
  it('answers SocialWidget null to an anonymous visitor on a fresh database', async () => {
    const res = await t.call({ method: 'GET', url: '/api/public/social-widget' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.ok'), data: { SocialWidget: null } });
  });

  it('answers the newest saved widget with its numbers', async () => {
    await t.database.db.execute(sql`insert into social_widgets (whatsapp_number, telegram_number) values ('+201000000001', 'old_channel')`);
    await t.database.db.execute(sql`insert into social_widgets (whatsapp_number, telegram_number) values ('+201234567890', 'panel_support')`);
    const res = await t.call({ method: 'GET', url: '/api/public/social-widget', lang: 'ar-EG' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      msg: translate('ar', 'success.ok'),
      data: { SocialWidget: { id: expect.any(Number), whatsapp_number: '+201234567890', telegram_number: 'panel_support' } },
    });
  });

  it('ignores a bad bearer token on this public call', async () => {
    const res = await t.call({ method: 'GET', url: '/api/public/social-widget', token: 'garbage' });
    expect(res.statusCode).toBe(200);
  });
});
