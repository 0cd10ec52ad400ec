import { expect, test } from '@playwright/test';
import { appIdOf, createFundedReseller, openGroup, PASSWORD, passPasscodeScreen, playerCall, randomMac, signIn, signInAdmin } from './helpers';

test('an activation sent with the wrong package is undone from the success message: the balance comes back, the row is marked refunded and the player sees its trial again', async ({
  page,
  browser,
}) => {
  // 1. A reseller allowed IBOPLAYER with 10 credit points, and a player that started once.
  await signInAdmin(page);
  const ibo = await appIdOf(page, 'IBOPLAYER');
  const email = await createFundedReseller(page, { label: 'undo-reseller', name: 'Undo Reseller', appIds: [ibo], credit: 10 });
  const reseller = await (await browser.newContext()).newPage();
  await signIn(reseller, email, PASSWORD);
  await passPasscodeScreen(reseller);
  const credit = reseller.getByTitle('Credit points');
  await expect(credit).toHaveText('10 credits');
  const typedMac = randomMac();
  const mac = typedMac.toLowerCase().replace(/-/g, ':');
  const device = await playerCall(reseller.request, 'register', { app_id: ibo, mac_address: typedMac });
  expect(device.is_trial).toBe(1);

  // 2. Activated for life by mistake (a year was meant): 2 credit points.
  await openGroup(reseller, 'App Activation', 'Multi-App Activation');
  await reseller.getByRole('group', { name: 'Apps' }).getByText('IBOPLAYER', { exact: true }).click();
  await reseller.getByRole('radio', { name: 'Lifetime' }).check();
  await reseller.getByRole('textbox', { name: 'MAC address', exact: true }).fill(typedMac);
  await reseller.getByRole('button', { name: 'Check and activate' }).click();
  await reseller.getByRole('dialog', { name: 'Device status per app' }).getByRole('button', { name: 'Continue' }).click();
  const confirm = reseller.getByRole('dialog', { name: 'Confirm activation' });
  await confirm.getByRole('button', { name: 'Activate' }).click();
  await expect(confirm).toBeHidden();
  await expect(reseller.getByRole('table', { name: 'Apps activated' })).toBeVisible();
  await expect(credit).toHaveText('8 credits');

  // 3. The success message offers the undo for the window; it asks first.
  const result = reseller.getByRole('status').filter({ hasText: 'Apps activated' });
  await expect(result.getByText(/You can undo this activation until/)).toBeVisible();
  await result.getByRole('button', { name: `Undo the activation of IBOPLAYER on ${mac}` }).click();
  const question = reseller.getByRole('dialog', { name: 'Undo this activation?' });
  await expect(question).toContainText('(2)');
  await question.getByRole('button', { name: 'Undo activation' }).click();
  await expect(question).toBeHidden();
  await expect(reseller.getByText('Activation undone', { exact: true })).toBeVisible();
  await expect(credit).toHaveText('10 credits');

  // 4. The activated apps list keeps the row, marked refunded, with no Undo left.
  await openGroup(reseller, 'App Activation', 'Activated Apps List');
  const row = reseller.getByRole('table', { name: 'Activated Apps List' }).getByRole('row').filter({ hasText: mac });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Refunded')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Undo/ })).toHaveCount(0);

  // 5. The player sees the device as it was before: on its trial, with its trial's expiry.
  const status = await playerCall(reseller.request, 'status', { app_id: ibo, mac_address: mac, device_key: device.device_key });
  expect(status).toMatchObject({ is_trial: 1, expire_date: device.expire_date });

  // 6. The credit log shows the refund.
  await openGroup(reseller, 'Credit', 'Credit Point Share Log');
  await expect(reseller.getByRole('table').getByRole('row').filter({ hasText: 'Refund' })).toHaveCount(1);
});
