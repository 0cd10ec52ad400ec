import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { appIdOf, bearer, createFundedReseller, openGroup, PASSWORD, passPasscodeScreen, playerCall, randomMac, signIn, signInAdmin } from './helpers';

test('a reseller activates 20 MACs from a CSV file with two bad rows, downloads the results, then renews two devices from Renewals due', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);

  // The admin creates a reseller allowed IBOPLAYER, with 30 credit points; 18 players register.
  await signInAdmin(page);
  const ibo = await appIdOf(page, 'IBOPLAYER');
  const email = await createFundedReseller(page, { label: 'bulk-reseller', name: 'Bulk Reseller', appIds: [ibo], credit: 30 });
  const macs = Array.from({ length: 18 }, () => randomMac().toLowerCase().replace(/-/g, ':'));
  for (const mac of macs) await playerCall(page.request, 'register', { app_id: ibo, mac_address: mac });

  const reseller = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(reseller, email, PASSWORD);
  await passPasscodeScreen(reseller);
  const credit = reseller.getByTitle('Credit points');
  await expect(credit).toHaveText('30 credits');

  // The file: 18 good rows, a malformed MAC and an app nobody has, with a `;` separator and a BOM.
  const lines = [
    'mac_address;apps;package;comment',
    ...macs.slice(0, 9).map((mac, i) => `${mac};IBOPLAYER;1-year;Customer ${i + 1}`),
    '00:11:22:33:44;IBOPLAYER;1-year;short MAC',
    `${macs[9]};NOPLAYER;1-year;`,
    ...macs.slice(9).map((mac, i) => `${mac.toUpperCase()};iboplayer;1-YEAR;"Customer ${i + 10}; VIP"`),
  ];
  await openGroup(reseller, 'App Activation', 'Bulk Activation');
  await reseller.locator('input[type="file"]').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`) });

  // The dry run: what would happen, nothing charged.
  await expect(reseller.getByText('18 rows can be activated for 18 credit points; 2 cannot. Your balance: 30.')).toBeVisible();
  const rowsTable = reseller.getByRole('table', { name: 'Rows of the file' });
  await expect(rowsTable.getByText('Invalid MAC address format')).toBeVisible();
  await expect(rowsTable.getByText('No app is named "NOPLAYER".')).toBeVisible();
  await expect(credit).toHaveText('30 credits');

  // The real run asks first, saying what it charges; cancelling charges nothing.
  await reseller.getByRole('button', { name: 'Activate 18 devices' }).click();
  const ask = reseller.getByRole('dialog', { name: 'Activate these devices now?' });
  const summary = ask.getByRole('group', { name: 'What happens' });
  await expect(summary.getByText('18 devices · customers.csv')).toBeVisible();
  await expect(summary.getByText('18 credit points', { exact: true })).toBeVisible();
  await expect(summary.getByText('12 credit points', { exact: true })).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(credit).toHaveText('30 credits');
  await reseller.getByRole('button', { name: 'Activate 18 devices' }).click();
  await ask.getByRole('button', { name: 'Activate 18 devices' }).click();
  await expect(reseller.getByText('18 rows activated for 18 credit points; 2 failed. Your balance: 12.')).toBeVisible();
  await expect(credit).toHaveText('12 credits');
  await expect(rowsTable.getByText(`IBOPLAYER activated on ${macs[0]!}.`)).toBeVisible();

  const [download] = await Promise.all([reseller.waitForEvent('download'), reseller.getByRole('button', { name: 'Download results (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe('bulk-activation-results.csv');
  const results = (await fs.readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(results[0]).toBe('row,mac_address,apps,package,status,message,cost,expire_date');
  expect(results).toHaveLength(21);
  expect(results.filter((line) => line.includes(',ok,'))).toHaveLength(18);
  expect(results.filter((line) => line.includes(',error,'))).toHaveLength(2);

  // Two customers bought yearly codes a year ago, as it were: codes end a year after they were
  // made, so their devices are due within 365 days (the bulk activations above added a year to a
  // 7-day trial, a year and a week away). They are renewed from Renewals due.
  const codes = await reseller.request.post('/api/sendingcode', {
    headers: { ...(await bearer(reseller)), 'request-id': crypto.randomUUID() },
    data: { subscriptionType: 'yearly', codeCount: 2 },
  });
  expect(codes.status(), await codes.text()).toBe(200);
  const codeMacs = [randomMac().toLowerCase().replace(/-/g, ':'), randomMac().toLowerCase().replace(/-/g, ':')];
  for (const [i, code] of ((await codes.json()) as { data: { value: string }[] }).data.entries()) {
    await playerCall(page.request, 'register', { app_id: ibo, mac_address: codeMacs[i] });
    const redeemed = await page.request.post('/api/player/redeem-code', { data: { code: code.value, mac_address: codeMacs[i], app_id: ibo } });
    expect(redeemed.status(), await redeemed.text()).toBe(200);
  }

  await openGroup(reseller, 'App Activation', 'Renewals Due');
  await reseller.getByRole('tab', { name: '365 days' }).click();
  const due = reseller.getByRole('table', { name: 'Devices expiring within 365 days' });
  for (const mac of codeMacs) await due.getByRole('checkbox', { name: `Select ${mac} (IBOPLAYER)` }).check();
  await expect(due.getByRole('checkbox', { name: `Select ${macs[0]!} (IBOPLAYER)` })).toHaveCount(0);
  await reseller.getByRole('button', { name: 'Renew selected for 1 year' }).click();
  const dialog = reseller.getByRole('dialog', { name: 'Renew for 1 year' });
  const selected = dialog.getByRole('table', { name: 'Selected devices' });
  for (const mac of codeMacs) await expect(selected.getByText(`IBOPLAYER can be activated on ${mac}.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Renew 2 devices' }).click();
  const done = reseller.getByRole('dialog', { name: 'Renewal done' });
  await expect(done.getByRole('table', { name: 'Selected devices' }).getByText(/^IBOPLAYER activated on /)).toHaveCount(2);
  await done.getByRole('button', { name: 'Close' }).last().click();
  await expect(credit).toHaveText('8 credits');
  // Renewed for a second year, they are no longer due within 365 days.
  await expect(reseller.getByText('No device expires within 365 days.')).toBeVisible();
});
