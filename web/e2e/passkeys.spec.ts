import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { appIdOf, createFundedReseller, passPasscodeScreen, PASSWORD, signIn, signInAdmin } from './helpers';

test('a reseller adds a passkey in Profile → Security, then signs in with the password and the passkey', async ({ page, browser }) => {
  await signInAdmin(page);
  const email = await createFundedReseller(page, { label: 'passkey', name: 'Passkey Reseller', appIds: [await appIdOf(page, 'IBOPLAYER')], credit: 1 });

  // A passkey belongs to a domain: this reseller uses the panel at localhost, not 127.0.0.1.
  const context = await browser.newContext({ baseURL: E2E.passkeyUrl });
  const reseller = await context.newPage();
  // Chromium's virtual authenticator stands in for the fingerprint reader, and says yes.
  const cdp = await context.newCDPSession(reseller);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  await signIn(reseller, email, PASSWORD);
  await passPasscodeScreen(reseller);
  await reseller.goto('/profile/security');
  await reseller.getByRole('button', { name: 'Add a passkey' }).click();
  await reseller.getByLabel('Passkey name').fill('Work laptop');
  await reseller.getByRole('button', { name: 'Continue' }).click();
  // The first second factor comes with the recovery codes, shown once.
  await expect(reseller.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await reseller.getByRole('button', { name: 'I have saved my codes' }).click();
  const passkeys = reseller.getByRole('table', { name: 'Passkeys' });
  await expect(passkeys.getByRole('row', { name: /Work laptop/ })).toContainText('Never');

  await reseller.getByRole('button', { name: 'Logout' }).click();
  await signIn(reseller, email, PASSWORD);
  // Passkeys only: the passkey is offered first, a recovery code second.
  await expect(reseller.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
  await reseller.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(reseller).toHaveURL(/\/dashboard$/);
  await reseller.goto('/profile/security');
  await expect(passkeys.getByRole('row', { name: /Work laptop/ })).not.toContainText('Never');
  await context.close();
});
