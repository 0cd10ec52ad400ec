import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type AdminNotificationsAnswer } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, createVerifiedUser, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';
import { PNG } from '../../../test/uploads.js';

/** The admin side of notifications: publish, list, switch on and off, delete (business-panel.md §2, §5, §7). */
let t: TestApp;
let admin: string;
let reader: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  reader = await createVerifiedUser(t, { permissions: ['notif-bell'] });
});
afterAll(() => t.close());

const publish = (token: string, payload: Record<string, unknown>, lang?: string) => t.call({ method: 'POST', url: '/api/create-notifications', token, payload, lang });
const adminList = () => t.call({ method: 'GET', url: '/api/get-notifications', token: admin }).then((r) => r.json<AdminNotificationsAnswer>().data.notifications);
const feed = () => t.call({ method: 'GET', url: '/api/resellers-notifications', token: reader.token }).then((r) => r.json<{ data: { notifications: { id: number }[] }; unread_count: number }>());
const count = async () => (await rows<{ n: number }>(t, sql`select count(*)::int as n from notifications`))[0]!.n;

describe('the admin side of notifications', () => {
  it("publishes a sanitised offer to every reseller's bell, with 201 and its message", async () => {
    const before = (await feed()).unread_count;
    const image = `data:image/png;base64,${PNG.toString('base64')}`;
    const res = await publish(admin, {
      title: 'Black Friday',
      description: `<p onclick="alert(1)">-20% <a href="javascript:alert(1)">now</a></p><script>alert(1)</script><img src="${image}"><img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: true, msg: 'Notification created successfully.' });
    const [stored] = await adminList();
    expect(stored).toMatchObject({ title: 'Black Friday', status: 1 });
    expect(stored!.description).toBe(`<p>-20% <a target="_blank" rel="noopener noreferrer">now</a></p><img src="${image}" />`);
    expect((await feed()).unread_count).toBe(before + 1);
  });

  it('refuses missing fields, over-long text and over 10 MB of images, publishing nothing', async () => {
    const before = await count();
    expectFieldErrors(await publish(admin, { title: '', description: '' }), { title: ['All fields are required'], description: ['All fields are required'] });
    expectFieldErrors(await publish(admin, { title: 'Long', description: `<p>${'a'.repeat(65_001)}</p>` }, 'esp'), { description: [translate('esp', 'validation.notificationTooLong')] });
    const big = 'A'.repeat(Math.ceil((10 * 1024 * 1024 + 10) / 3) * 4);
    expectFieldErrors(await publish(admin, { title: 'Big', description: `<p>x</p><img src="data:image/png;base64,${big}">` }), {
      description: ['The images in the description may not exceed 10 MB in total.'],
    });
    expectError(await publish(reader.token, { title: 'x', description: 'y' }), 403, 'FORBIDDEN');
    expect(await count()).toBe(before);
  });

  it('switches a notification off and on: resellers see only active ones', async () => {
    await publish(admin, { title: 'Toggle me', description: '<p>x</p>' });
    const [item] = await adminList();
    const off = await t.call({ method: 'PUT', url: `/api/change-notifications/${item!.id}/status`, token: admin });
    expect(off.json()).toMatchObject({ msg: 'The notification is now inactive.', data: { id: item!.id, status: 0 } });
    expect((await feed()).data.notifications.map((n) => n.id)).not.toContain(item!.id);
    const on = await t.call({ method: 'PUT', url: `/api/change-notifications/${item!.id}/status`, token: admin });
    expect(on.json()).toMatchObject({ data: { status: 1 } });
    expect((await feed()).data.notifications.map((n) => n.id)).toContain(item!.id);
    expectError(await t.call({ method: 'PUT', url: `/api/change-notifications/${item!.id}/status`, token: reader.token }), 403, 'FORBIDDEN');
  });

  it('deletes a notification with its read marks, answering statusCode 200 and message', async () => {
    await publish(admin, { title: 'Delete me', description: '<p>x</p>' });
    const [item] = await adminList();
    await t.call({ method: 'POST', url: `/api/notifications/${item!.id}/read`, token: reader.token });
    const res = await t.call({ method: 'DELETE', url: `/api/delete-notifications/${item!.id}`, token: admin });
    expect(res.json()).toEqual({ status: true, statusCode: 200, msg: 'Notification deleted successfully.', message: 'Notification deleted successfully.' });
    const [marks] = await rows<{ n: number }>(t, sql`select count(*)::int as n from notification_reads where notification_id = ${item!.id}`);
    expect(marks!.n).toBe(0);
    expectError(await t.call({ method: 'DELETE', url: `/api/delete-notifications/${item!.id}`, token: admin }), 404, 'NOT_FOUND', 'Notification not found.');
  });
});
