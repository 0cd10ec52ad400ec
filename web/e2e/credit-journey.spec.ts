import { expect, test, type Page } from '@playwright/test';
import { E2E } from './env';
import { latestMailTo } from './mail';
import { adminRecharge, bearer, openGroup, PASSCODE, PASSWORD, passPasscodeScreen, signIn, signInAdmin, uniqueEmail } from './helpers';

/** Passcode first, then the amount: the reseller list's credit move. */
async function moveCredit(page: Page, email: string, action: 'Add credit' | 'Deduct credit', points: number) {
  const table = page.getByRole('table', { name: 'Reseller List', exact: true });
  await table.getByRole('row').filter({ hasText: email }).getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: action === 'Add credit' ? 'Add credit points' : 'Deduct credit points' });
  await dialog.getByLabel('Credit share passcode').fill(PASSCODE);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('textbox', { name: 'Credit points' }).fill(String(points));
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
}

test('the admin recharges a reseller with the passcode; the reseller adds and deducts credit for its sub-reseller and sees both moves', async ({
  page,
  browser,
}) => {
  await signInAdmin(page);
  const headers = await bearer(page);
  const apps = await page.request.get('/api/fetch-allowed-applications', { headers });
  const appId = ((await apps.json()) as { data: { ApplicationList: { id: number }[] } }).data.ApplicationList[0]!.id;
  const resellerEmail = uniqueEmail('journey-reseller');
  const subEmail = uniqueEmail('journey-sub');
  expect(
    (
      await page.request.post('/api/add-resellers', {
        headers,
        data: { requestData: { name: 'Journey Reseller', email: resellerEmail, application_allowed: [appId] } },
      })
    ).status(),
  ).toBe(201);
  await adminRecharge(page, E2E.adminEmail, 50);

  // The admin recharges the reseller on the Recharge Credit screen, confirming with the passcode.
  await openGroup(page, 'Credit', 'Recharge Credit');
  await page.getByRole('combobox', { name: 'Reseller email' }).fill(resellerEmail);
  await page.getByLabel('Credit points').fill('20');
  await page.getByRole('button', { name: 'Recharge' }).click();
  const prompt = page.getByRole('dialog', { name: 'Confirm with your passcode' });
  await expect(prompt.getByRole('group', { name: 'What happens' })).toContainText(resellerEmail);
  await expect(prompt.getByRole('group', { name: 'What happens' })).toContainText('20 credit points');
  await prompt.getByLabel('Credit share passcode').fill(PASSCODE);
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt).toBeHidden();

  // The reseller chooses its password, signs in, and has the 20 points.
  const invitation = new URL((await latestMailTo(resellerEmail)).link);
  await page.request.post('/api/password/create', {
    data: { email: resellerEmail, token: invitation.searchParams.get('token'), password: PASSWORD, password_confirmation: PASSWORD },
  });
  const reseller = await (await browser.newContext()).newPage();
  await signIn(reseller, resellerEmail, PASSWORD);
  await passPasscodeScreen(reseller);
  await expect(reseller.getByTitle('Credit points')).toHaveText('20 credits');

  // A sub-reseller of its own, then credit to it and back.
  const resellerHeaders = await bearer(reseller);
  expect(
    (
      await reseller.request.post('/api/add-subreseller', {
        headers: resellerHeaders,
        data: { requestData: { name: 'Journey Sub', email: subEmail, application_allowed: [appId] } },
      })
    ).status(),
  ).toBe(201);
  await openGroup(reseller, 'Reseller', 'Reseller List');
  await reseller.getByLabel('Search resellers').fill('journey-sub');
  const row = reseller.getByRole('table', { name: 'Reseller List', exact: true }).getByRole('row').filter({ hasText: subEmail });
  await expect(row).toBeVisible();
  await moveCredit(reseller, subEmail, 'Add credit', 7);
  await expect(row.getByRole('cell').nth(3)).toHaveText('7');
  await moveCredit(reseller, subEmail, 'Deduct credit', 3);
  await expect(row.getByRole('cell').nth(3)).toHaveText('4');
  await expect(reseller.getByTitle('Credit points')).toHaveText('16 credits');

  // Both moves in the share logs.
  await openGroup(reseller, 'Credit', 'Credit Point Share Log');
  const shared = reseller.getByRole('table', { name: 'Credit Point Share Log' });
  await expect(shared.getByRole('row').filter({ hasText: subEmail }).filter({ hasText: 'Added Credit' })).toHaveCount(1);
  await openGroup(reseller, 'Credit', 'Withdraw Point Share Log');
  const withdrawn = reseller.getByRole('table', { name: 'Withdraw Point Share Log' });
  const withdrawal = withdrawn.getByRole('row').filter({ hasText: subEmail });
  await expect(withdrawal).toHaveCount(1);
  await expect(withdrawal.getByRole('cell').nth(0)).toHaveText('Withdraw');
  await expect(withdrawal.getByRole('cell').nth(1)).toHaveText('3');
});
