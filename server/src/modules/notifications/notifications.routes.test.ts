import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, createVerifiedUser, expectError, rows, type TestUser } from '../../../test/fixtures.js';

let t: TestApp;
let reader: TestUser;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp();
  reader = await createVerifiedUser(t, { permissions: ['notif-bell'] });
  // Notifications are published by admins with a later issue's screen; here they are inserted directly.
  const created = await rows<{ id: number }>(
    t,
    sql`insert into notifications (title, description, status) values
      ('Price update', '<p>New prices</p>', 1), ('Old offer', '<p>gone</p>', 0), ('Maintenance', '<p>Sunday</p>', 1)
      returning id`,
  );
  ids = created.map((r) => r.id);
});
afterAll(() => t.close());

describe('GET /api/resellers-notifications', () => {
  it('lists active notifications newest first, with the unread count', async () => {
    const res = await t.call({ method: 'GET', url: '/api/resellers-notifications?page_number=1&page_size=10', token: reader.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.notifications.map((n: { title: string }) => n.title)).toEqual(['Maintenance', 'Price update']);
    expect(body.data.readNotifications).toEqual([]);
    expect(body.unread_count).toBe(2);
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, total: 2 });
  });

  it('bounds the page size', async () => {
    const res = await t.call({ method: 'GET', url: '/api/resellers-notifications?page_size=1000', token: reader.token });
    expectError(res, 422, 'VALIDATION');
  });
});

describe('POST /api/notifications/:id/read', () => {
  it('marks one notification read for the caller only', async () => {
    const res = await t.call({ method: 'POST', url: `/api/notifications/${ids[0]}/read`, token: reader.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.readNotifications).toEqual([ids[0]]);
    expect(res.json().unread_count).toBe(1);
    const admin = await t.call({ method: 'GET', url: '/api/resellers-notifications', token: await adminToken(t) });
    expect(admin.json().unread_count).toBe(2);
  });

  it('refuses an inactive or unknown notification and changes nothing', async () => {
    for (const id of [ids[1], 999_999]) {
      expectError(await t.call({ method: 'POST', url: `/api/notifications/${id}/read`, token: reader.token }), 404, 'NOT_FOUND');
    }
    const res = await t.call({ method: 'GET', url: '/api/resellers-notifications', token: reader.token });
    expect(res.json().unread_count).toBe(1);
  });
});

describe('POST /api/notifications/read-all', () => {
  it('marks every active notification read', async () => {
    const res = await t.call({ method: 'POST', url: '/api/notifications/read-all', token: reader.token });
    expect(res.statusCode).toBe(200);
    expect([...res.json().data.readNotifications].sort()).toEqual([ids[0], ids[2]].sort());
    expect(res.json().unread_count).toBe(0);
  });
});
