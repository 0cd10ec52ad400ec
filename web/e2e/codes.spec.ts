import { expect, test, type Page } from '@playwright/test';
import type { CodeListAnswer } from '@panel/contract';
import { appIdOf, bearer, createFundedReseller, openGroup, PASSWORD, passPasscodeScreen, playerCall, randomMac, signIn, signInAdmin, type PlayerDevice } from './helpers';

/** The signed-in reseller's codes, newest first, through the API the screen uses. */
async function codesOf(page: Page) {
  const res = await page.request.get('/api/activation-codes', { headers: await bearer(page) });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as CodeListAnswer).data;
}

/** Opens a row's action menu and picks an item. */
async function rowAction(page: Page, code: string, item: string) {
  await page.getByRole('button', { name: `Actions for code ${code}` }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

test('a reseller buys 3 yearly codes, gives one playlists, a player redeems it and sees them, the reseller renews it and resets another', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  const ibo = await appIdOf(page, 'IBOPLAYER');
  const email = await createFundedReseller(page, { label: 'codes-reseller', name: 'Codes Reseller', appIds: [ibo], credit: 10 });
  const reseller = await (await browser.newContext()).newPage();
  await signIn(reseller, email, PASSWORD);
  await passPasscodeScreen(reseller);
  const credit = reseller.getByTitle('Credit points');
  await expect(credit).toHaveText('10 credits');

  // 1. Three yearly codes: the price shows before confirming; the balance drops by 3.
  await openGroup(reseller, 'App Activation', 'Activation Codes');
  await reseller.getByRole('button', { name: 'Create codes' }).click();
  const form = reseller.getByRole('form', { name: 'Create codes' });
  await form.getByLabel('Number of codes').fill('3');
  await expect(form.getByRole('status').filter({ hasText: 'Price' })).toContainText('3 codes × 1 credit = 3 credits');
  await form.getByRole('button', { name: 'Confirm and buy' }).click();
  const created = reseller.getByRole('dialog', { name: 'New activation codes' });
  await expect(created.getByRole('button', { name: 'Copy all codes' })).toBeVisible();
  await expect(credit).toHaveText('7 credits');
  await created.getByRole('button', { name: 'Close' }).first().click();
  const [first, second] = await codesOf(reseller);
  expect(first).toMatchObject({ type: 'yearly', status: 1, expired: 0 });
  const table = reseller.getByRole('table', { name: 'Activation codes' });
  await expect(table.getByRole('row')).toHaveCount(4);

  // 2. Edit: the first code gets a playlist; the editor returns to the list after saving.
  await rowAction(reseller, first!.value, 'Edit');
  await expect(reseller).toHaveURL(new RegExp(`/ibopro-playlist/${first!.value}$`));
  await expect(reseller.getByText('This code has no playlists yet.')).toBeVisible();
  const add = reseller.getByRole('form', { name: 'Add a playlist' });
  await add.getByLabel('URL').fill('http://lists.example/sports.m3u');
  await add.getByLabel('Name').fill('Sports');
  await add.getByRole('button', { name: 'Add New Playlist' }).click();
  await reseller.getByRole('button', { name: 'Save All Playlists' }).click();
  await expect(reseller.getByText('Playlists updated successfully!')).toBeVisible();
  await expect(reseller).toHaveURL(/\/iboprotv$/, { timeout: 10_000 });

  // 3. A player redeems the code: its device is activated and its status call carries the playlist.
  const mac = randomMac();
  const redeemed = await reseller.request.post('/api/player/redeem-code', { data: { code: first!.value, mac_address: mac, app_id: ibo } });
  expect(redeemed.status(), await redeemed.text()).toBe(200);
  const device = ((await redeemed.json()) as { data: PlayerDevice }).data;
  expect(device).toMatchObject({ status: 'active', is_trial: 0, expire_date: first!.expire_date });
  const status = await playerCall(reseller.request, 'status', { app_id: ibo, mac_address: mac, device_key: device.device_key });
  expect(status.playlists.map((p) => [p.name, p.url])).toEqual([['Sports', 'http://lists.example/sports.m3u']]);
  await reseller.reload();
  await expect(table.getByRole('row').filter({ hasText: mac.toLowerCase().replace(/-/g, ':') })).toHaveCount(1);

  // 4. Renew it: a year more for 1 credit; the device follows.
  await rowAction(reseller, first!.value, 'Renew');
  await reseller.getByRole('dialog', { name: 'Renew code' }).getByRole('button', { name: 'Renew' }).click();
  await expect(credit).toHaveText('6 credits');
  const renewed = (await codesOf(reseller)).find((c) => c.id === first!.id)!;
  expect(new Date(renewed.expire_date).getUTCFullYear()).toBe(new Date(first!.expire_date).getUTCFullYear() + 1);
  expect((await playerCall(reseller.request, 'status', { app_id: ibo, mac_address: mac, device_key: device.device_key })).expire_date).toBe(renewed.expire_date);

  // 5. Reset another: it gets a new value and the old one stops working.
  await rowAction(reseller, second!.value, 'Reset');
  await reseller.getByRole('dialog', { name: 'Reset code' }).getByRole('button', { name: 'Reset' }).click();
  await expect(table.getByText(second!.value)).toHaveCount(0);
  const reset = (await codesOf(reseller)).find((c) => c.id === second!.id)!;
  expect(reset.value).not.toBe(second!.value);
  await expect(table.getByText(reset.value)).toBeVisible();
  const old = await reseller.request.post('/api/player/redeem-code', { data: { code: second!.value, mac_address: randomMac(), app_id: ibo } });
  expect(old.status()).toBe(404);
  await expect(credit).toHaveText('6 credits');
});
