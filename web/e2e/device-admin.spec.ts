import { expect, test } from '@playwright/test';
import { appIdOf, bearer, createFundedReseller, openGroup, PASSWORD, passPasscodeScreen, playerCall, randomMac, signIn, signInAdmin } from './helpers';

/** A 1×1 PNG: the server checks an upload's content, so it must be a real image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('the admin adds an APK plan with its image, renames it and deletes it', async ({ page }) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `E2E Player ${stamp}`;
  const renamed = `E2E Player Pro ${stamp}`;
  const apkUrl = `https://downloads-${stamp}.e2e.test/player.apk`;

  await signInAdmin(page);
  await openGroup(page, 'App Settings', 'Download APK');
  await page.getByRole('button', { name: 'Add APK' }).click();
  const add = page.getByRole('dialog', { name: 'Add APK plan' });
  await add.getByRole('textbox', { name: 'Name' }).fill(name);
  await add.getByRole('textbox', { name: 'Description' }).fill('The player for Android boxes.\nVersion 2.');
  await add.getByRole('textbox', { name: 'APK URL' }).fill(apkUrl);
  // The image picker is a button opening the system's file chooser, as a person uses it.
  const chooser = page.waitForEvent('filechooser');
  await add.getByRole('button', { name: 'Image', exact: true }).click();
  await (await chooser).setFiles({ name: 'player.png', mimeType: 'image/png', buffer: PNG });
  await expect(add.getByRole('button', { name: 'Image', exact: true })).toContainText('player.png');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();

  const plans = page.getByRole('list', { name: 'Download APK' });
  const card = plans.getByRole('listitem', { name, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByText('The player for Android boxes.')).toBeVisible();
  // The card's picture is decorative (alt=""), so it has no role of its own: it is found as an
  // image element, and must have loaded from the server's upload.
  const image = card.locator('img');
  await expect(image).toHaveAttribute('src', /\S/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  const imageSrc = (await image.getAttribute('src'))!;
  const download = card.getByRole('link', { name: `Download ${name}` });
  await expect(download).toHaveAttribute('href', apkUrl);
  await expect(download).toHaveAttribute('target', '_blank');

  // Renaming keeps the image and the link.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit APK plan' });
  await expect(edit.getByRole('textbox', { name: 'APK URL' })).toHaveValue(apkUrl);
  await expect(edit.getByRole('img', { name: 'Current image' })).toBeVisible();
  await edit.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const renamedCard = plans.getByRole('listitem', { name: renamed, exact: true });
  await expect(renamedCard).toBeVisible();
  await expect(plans.getByRole('listitem', { name, exact: true })).toHaveCount(0);
  await expect(renamedCard.getByRole('link', { name: `Download ${renamed}` })).toHaveAttribute('href', apkUrl);
  await expect(renamedCard.locator('img')).toHaveAttribute('src', imageSrc);

  // Deleting asks first.
  await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete APK plan' });
  await expect(confirm.getByText(`Delete the APK plan "${renamed}"?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(renamedCard).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Download APK', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem', { name: renamed, exact: true })).toHaveCount(0);
});

test("the admin disables and re-enables a reseller's boxes, then finds its activations in the activation logs", async ({ page, browser }) => {
  // Two browsers, three activations and three screens: more than the default minute on a busy machine.
  test.setTimeout(120_000);

  // 1. A reseller allowed IBOPLAYER, with credit, activates three registered players for a year.
  await signInAdmin(page);
  const ibo = await appIdOf(page, 'IBOPLAYER');
  const email = await createFundedReseller(page, { label: 'boxes-reseller', name: 'Boxes Reseller', appIds: [ibo], credit: 10 });
  const resellerContext = await browser.newContext();
  const reseller = await resellerContext.newPage();
  await signIn(reseller, email, PASSWORD);
  await passPasscodeScreen(reseller);
  const resellerHeaders = await bearer(reseller);

  const devices: { mac: string; key: string }[] = [];
  for (const [index, remark] of ['Shelf box A', 'Shelf box B', 'Shelf box C'].entries()) {
    const typed = randomMac();
    const registered = await playerCall(reseller.request, 'register', { app_id: ibo, mac_address: typed });
    const activated = await reseller.request.post('/api/bulk-multi-app-activate', {
      headers: resellerHeaders,
      data: { requestData: { is_trial: 3, macAddress: typed, isConfirmed: true, app_ids: [ibo], comment: remark } },
    });
    expect(activated.ok(), `activation ${index + 1}: ${await activated.text()}`).toBe(true);
    devices.push({ mac: registered.mac_address, key: registered.device_key });
  }
  await resellerContext.close();
  const statuses = async () =>
    (await Promise.all(devices.map((d) => playerCall(page.request, 'status', { app_id: ibo, mac_address: d.mac, device_key: d.key })))).map(
      (d) => d.status,
    );
  expect(await statuses()).toEqual(['active', 'active', 'active']);

  // 2. Box management from the reseller's row: two of its three boxes are disabled.
  await openGroup(page, 'Reseller', 'Reseller List');
  await page.getByLabel('Search resellers').fill(email);
  const row = page.getByRole('table', { name: 'Reseller List', exact: true }).getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Box management' }).click();
  await expect(page).toHaveURL(/\/box-management\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Box Management', level: 1 })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByText('Active boxes: 3')).toBeVisible();
  await expect(page.getByText('Disabled by box management: 0')).toBeVisible();

  const action = page.getByRole('radiogroup', { name: 'Action' });
  const count = page.getByRole('textbox', { name: 'Number of boxes' });
  // The page's own result line; the toast says the same with a full stop.
  const result = page.getByRole('status').filter({ hasText: /boxes (dis|en)abled$/ });
  // A segment's radio is visually hidden: a person clicks its label.
  await action.getByText('Disable Boxes', { exact: true }).click();
  await expect(action.getByRole('radio', { name: 'Disable Boxes' })).toBeChecked();
  await count.fill('2');
  await page.getByRole('button', { name: 'Disable Boxes' }).click();
  await expect(result).toHaveText('2 of 2 boxes disabled');
  await expect(count).toHaveValue('');
  await expect(page.getByText('Active boxes: 1')).toBeVisible();
  await expect(page.getByText('Disabled by box management: 2')).toBeVisible();
  expect((await statuses()).sort()).toEqual(['active', 'expired', 'expired']);

  // 3. Enabling five brings back only the two that box management disabled.
  await action.getByText('Enable Boxes', { exact: true }).click();
  await expect(action.getByRole('radio', { name: 'Enable Boxes' })).toBeChecked();
  await expect(result).toBeHidden();
  await count.fill('5');
  await page.getByRole('button', { name: 'Enable Boxes' }).click();
  await expect(result).toHaveText('2 of 5 boxes enabled');
  expect(await statuses()).toEqual(['active', 'active', 'active']);

  // 4. The activation logs list the reseller's three activations, with their remarks for the admin.
  await openGroup(page, 'Logs', 'Activation Transaction Logs');
  const logs = page.getByRole('table', { name: 'Activation Transaction Logs' });
  await expect(logs.getByRole('columnheader', { name: 'Remarks' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search', exact: true });
  await search.fill(email);
  const records = logs.getByRole('row').filter({ hasText: email });
  await expect(records).toHaveCount(3);
  for (const [index, device] of devices.entries()) {
    const record = records.filter({ hasText: device.mac });
    await expect(record).toHaveCount(1);
    await expect(record).toContainText('IBOPLAYER');
    await expect(record).toContainText(`Shelf box ${'ABC'[index]}`);
  }

  // A MAC search on the start of one device's MAC (upper-case, as it is often read off a box).
  const searchType = page.getByRole('radiogroup', { name: 'Search by' });
  await searchType.getByText('MAC address', { exact: true }).click();
  await expect(searchType.getByRole('radio', { name: 'MAC address' })).toBeChecked();
  const [first, second] = devices;
  await search.fill(first!.mac.slice(0, 14).toUpperCase());
  await expect(logs.getByRole('row').filter({ hasText: second!.mac })).toHaveCount(0);
  const found = logs.getByRole('row').filter({ hasText: first!.mac });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Shelf box A');
  // The header row and the one record.
  await expect(logs.getByRole('row')).toHaveCount(2);
});
