import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { appIdOf, bearer, createFundedReseller, openGroup, PASSCODE, passPasscodeScreen, PASSWORD, signIn, signInAdmin, uniqueEmail } from './helpers';

/** What an authenticator app shows for `secret`, `steps` 30-second steps from now (as in two-factor.spec.ts). */
function appCode(secret: string, steps = 0) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/**
 * The session has no recent second factor the honest way: it signed in with the password alone,
 * and the factor was turned on afterwards (a confirmation during setup is not a step-up). The
 * rule itself (10 minutes) is not shortened for the test, and the server has no test-only route.
 */
test('a reseller with TOTP on shares credit: the passcode dialog turns into the confirm-it-is-you step, then the share goes through', async ({ page, browser }) => {
  await signInAdmin(page);
  const appId = await appIdOf(page, 'IBOPLAYER');
  const email = await createFundedReseller(page, { label: 'stepup', name: 'Step-up Reseller', appIds: [appId], credit: 20 });

  const reseller = await (await browser.newContext()).newPage();
  await signIn(reseller, email, PASSWORD);
  await passPasscodeScreen(reseller);
  const headers = await bearer(reseller);
  const setup = await reseller.request.post('/api/two-factor/totp/setup', { headers });
  const { secret } = ((await setup.json()) as { data: { secret: string } }).data;
  // The previous step's code turns it on, so the current one is still free for the step-up.
  const confirm = await reseller.request.post('/api/two-factor/totp/confirm', { headers, data: { code: appCode(secret, -1) } });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  const subEmail = uniqueEmail('stepup-sub');
  const sub = await reseller.request.post('/api/add-subreseller', {
    headers,
    data: { requestData: { name: 'Step-up Sub', email: subEmail, application_allowed: [appId] } },
  });
  expect(sub.status(), await sub.text()).toBe(201);

  await openGroup(reseller, 'Credit', 'Recharge Credit');
  await reseller.getByRole('combobox', { name: 'Reseller email' }).fill(subEmail);
  await reseller.getByLabel('Credit points').fill('5');
  await reseller.getByRole('button', { name: 'Recharge' }).click();
  const prompt = reseller.getByRole('dialog', { name: 'Confirm with your passcode' });
  await prompt.getByLabel('Credit share passcode').fill(PASSCODE);
  await prompt.getByRole('button', { name: 'Confirm' }).click();

  // The same dialog turns into the step (issue 42): no second dialog on top, plain words, the move's summary kept.
  const stepUp = reseller.getByRole('dialog', { name: "Confirm it's you" });
  await expect(stepUp.getByText("For your security, confirm it's you to send these credits.", { exact: false })).toBeVisible();
  await expect(stepUp.getByRole('group', { name: 'What happens' })).toBeVisible();
  await expect(reseller.getByRole('dialog')).toHaveCount(1);
  await expect(prompt).toBeHidden();
  const code = stepUp.getByLabel('Authentication code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(appCode(secret));
  await stepUp.getByRole('button', { name: 'Confirm' }).click();

  await expect(stepUp).toBeHidden();
  await expect(prompt).toBeHidden();
  await expect(reseller.getByTitle('Credit points')).toHaveText('15 credits');
  const balance = await reseller.request.get('/api/get-resellers/credit-points', { headers });
  expect(((await balance.json()) as { credit_point: number }).credit_point).toBe(15);
});
