import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { appIdOf, createFundedReseller, passPasscodeScreen, PASSWORD, signIn, signInAdmin } from './helpers';

/** What an authenticator app shows for `secret`, `steps` 30-second steps from now. */
function appCode(secret: string, steps = 0) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret.replace(/\s/g, '')) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

test('a reseller turns TOTP on, then signs in with a code from the app and with a recovery code', async ({ page, browser }) => {
  await signInAdmin(page);
  const email = await createFundedReseller(page, { label: 'totp', name: 'Totp Reseller', appIds: [await appIdOf(page, 'IBOPLAYER')], credit: 1 });

  const context = await browser.newContext();
  const reseller = await context.newPage();
  await signIn(reseller, email, PASSWORD);
  await passPasscodeScreen(reseller);

  await reseller.goto('/profile-setting');
  await reseller.getByRole('link', { name: 'Sessions and sign-in security' }).click();
  await expect(reseller).toHaveURL(/\/profile\/security$/);
  await reseller.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(reseller.getByRole('img', { name: 'QR code to add this account to an authenticator app' })).toBeVisible();
  const secret = await reseller.getByRole('textbox', { name: 'Setup key' }).inputValue();
  await reseller.getByLabel('Code from the app').fill(appCode(secret));
  await reseller.getByRole('button', { name: 'Confirm and turn on' }).click();
  const codes = reseller.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!;
  await reseller.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(reseller.getByText('10 unused recovery codes left')).toBeVisible();

  // The code of the confirm's step is spent: the app's next one signs in.
  await reseller.getByRole('button', { name: 'Logout' }).click();
  await signIn(reseller, email, PASSWORD);
  const code = reseller.getByLabel('Authentication code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(appCode(secret, 1));
  await reseller.getByRole('button', { name: 'Verify' }).click();
  await expect(reseller).toHaveURL(/\/dashboard$/);

  await reseller.getByRole('button', { name: 'Logout' }).click();
  await signIn(reseller, email, PASSWORD);
  await reseller.getByRole('button', { name: 'Use a recovery code' }).click();
  await reseller.getByLabel('Recovery code').fill(recoveryCode);
  await reseller.getByRole('button', { name: 'Verify' }).click();
  await expect(reseller).toHaveURL(/\/dashboard$/);
  await reseller.goto('/profile/security');
  await expect(reseller.getByText('9 unused recovery codes left')).toBeVisible();
  await context.close();
});
