import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { appIdOf, createFundedReseller, openGroup, PASSWORD, passPasscodeScreen, signIn, signInAdmin } from './helpers';
import { E2E } from './env';

/** The low-balance mails to `to` in the server's outbox (raw), oldest first. */
function lowBalanceMails(to: string): string[] {
  const outbox = path.join(E2E.dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    .filter((raw) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw) && /^Subject: Your credit is low/m.test(raw));
}

test('a reseller sets a low-balance alert on Profile, is mailed once when codes take it under, then deletes an unused code and gets its credit back', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  const ibo = await appIdOf(page, 'IBOPLAYER');
  const email = await createFundedReseller(page, { label: 'low-balance', name: 'Low Balance Reseller', appIds: [ibo], credit: 5 });
  const reseller = await (await browser.newContext()).newPage();
  await signIn(reseller, email, PASSWORD);
  await passPasscodeScreen(reseller);
  const credit = reseller.getByTitle('Credit points');
  await expect(credit).toHaveText('5 credits');

  // 1. Profile: the alert under 4 points.
  await reseller.goto('/profile-setting');
  await expect(reseller.getByRole('heading', { name: 'Low-balance alert' })).toBeVisible();
  const alert = reseller.locator('form').filter({ has: reseller.getByRole('textbox', { name: /Alert under/ }) });
  await alert.getByRole('textbox', { name: /Alert under/ }).fill('4');
  await alert.getByRole('button', { name: 'Save' }).click();
  await expect(reseller.getByText('Low-balance threshold saved.')).toBeVisible();

  // 2. Two codes take the balance to 3, under 4: one mail with the balance and the link to buy credit.
  await openGroup(reseller, 'App Activation', 'Activation Codes');
  await reseller.getByRole('button', { name: 'Create codes' }).click();
  const form = reseller.getByRole('form', { name: 'Create codes' });
  await form.getByLabel('Number of codes').fill('2');
  await form.getByRole('button', { name: 'Confirm and buy' }).click();
  const created = reseller.getByRole('dialog', { name: 'New activation codes' });
  await expect(created.getByRole('button', { name: 'Copy all codes' })).toBeVisible();
  await expect(credit).toHaveText('3 credits');
  await created.getByRole('button', { name: 'Close' }).first().click();
  await expect.poll(() => lowBalanceMails(email).length, { timeout: 10_000 }).toBe(1);
  expect(lowBalanceMails(email)[0]).toContain('Your balance is now 3 credit points');
  expect(lowBalanceMails(email)[0]).toContain('/payment-plans');

  // 3. Delete one unused code: the confirmation says 1 point comes back, and it does.
  await reseller.getByRole('button', { name: /^Actions for code / }).first().click();
  await reseller.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  const dialog = reseller.getByRole('dialog', { name: 'Delete code' });
  await expect(dialog).toContainText('1 credit point will come back to the account that paid for it.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(reseller.getByText(`The code was deleted. Credit given back to ${email}: 1.`)).toBeVisible();
  await expect(credit).toHaveText('4 credits');
  await expect(reseller.getByRole('table', { name: 'Activation codes' }).getByRole('row')).toHaveCount(2);
  // Back at the line: no new mail; the next fall would mail again.
  expect(lowBalanceMails(email)).toHaveLength(1);
});
