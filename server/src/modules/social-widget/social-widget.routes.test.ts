import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, createReseller, createVerifiedUser, expectError, expectFieldErrors } from '../../../test/fixtures.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const publicWidget = (token?: string, lang?: string) => t.call({ method: 'GET', url: '/api/public/social-widget', token, lang });
const save = (token: string, requestData: Record<string, unknown>, lang?: string) => t.call({ method: 'POST', url: '/api/set-social-widget', token, payload: { requestData }, lang });

describe('the social widget', () => {
  it('answers SocialWidget null to an anonymous visitor until the admin saves one', async () => {
    const res = await publicWidget();
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.ok'), data: { SocialWidget: null } });
  });

  it("saves the admin's widget in international form and shows it in every footer", async () => {
    expect((await t.call({ method: 'POST', url: '/api/get-social-widget', token: admin, payload: {} })).json()).toMatchObject({ data: { SocialWidget: null } });
    const res = await save(admin, { whatsapp: '+20 100 123-4567', telegram: '@panel_support' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ msg: 'Social widget saved.', data: { SocialWidget: { whatsapp_number: '+201001234567', telegram_number: 'panel_support' } } });
    await save(admin, { whatsapp: '+201001234568', telegram: 'panel_support' });
    const shown = (await publicWidget(undefined, 'ar-EG')).json();
    expect(shown).toMatchObject({ msg: translate('ar', 'success.ok'), data: { SocialWidget: { whatsapp_number: '+201001234568', telegram_number: 'panel_support' } } });
    expect((await publicWidget('garbage')).statusCode).toBe(200);
  });

  it("shows a sub-reseller its parent's widget once the parent has set one", async () => {
    await save(admin, { whatsapp: '+201001234568', telegram: 'panel_support' });
    const parent = await createReseller(t);
    const sub = await createReseller(t, { parent });
    expect((await publicWidget(sub.token)).json()).toMatchObject({ data: { SocialWidget: { telegram_number: 'panel_support' } } });
    expect((await save(parent.token, { whatsapp: '+491701234567', telegram: '' })).statusCode).toBe(200);
    expect((await publicWidget(sub.token)).json()).toMatchObject({ data: { SocialWidget: { whatsapp_number: '+491701234567', telegram_number: null } } });
    expect((await publicWidget(parent.token)).json()).toMatchObject({ data: { SocialWidget: { telegram_number: 'panel_support' } } });
  });

  it('refuses numbers and usernames out of form, and callers without view-social-widget, changing nothing', async () => {
    const before = (await publicWidget()).json();
    expectFieldErrors(await save(admin, { whatsapp: '01001234567', telegram: 'ab' }), {
      whatsapp: ['Enter the WhatsApp number with its country code, for example +201001234567.'],
      telegram: ['A Telegram username has 5 to 32 letters, digits or underscores.'],
    });
    expectFieldErrors(await save(admin, { whatsapp: '+20abc', telegram: 'panel support' }, 'de'), {
      whatsapp: [translate('de', 'validation.whatsappInvalid')],
      telegram: [translate('de', 'validation.telegramInvalid')],
    });
    const user = await createVerifiedUser(t, { permissions: ['notif-bell'] });
    expectError(await save(user.token, { whatsapp: '+201001234567' }), 403, 'FORBIDDEN');
    expect((await publicWidget()).json()).toEqual(before);
  });
});
