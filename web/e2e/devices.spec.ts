import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E } from './env';
import { appIdOf, createFundedReseller, openGroup, PASSWORD, passPasscodeScreen, pickOption, playerCall, randomMac, signIn, signInAdmin } from './helpers';

/** `npm run player -- …` against the e2e server, with a state folder of its own; answers what it printed. */
function referencePlayer(...args: string[]): Promise<string> {
  const root = path.resolve(import.meta.dirname, '../..');
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-player-'));
  return new Promise((resolve, reject) =>
    execFile(path.join(root, 'node_modules/.bin/tsx'), ['player/src/cli.ts', ...args, '--url', E2E.baseUrl, '--state', state], { cwd: root }, (error, stdout, stderr) =>
      error ? reject(new Error(`npm run player failed: ${stderr}`)) : resolve(stdout),
    ),
  );
}

/** The value under a label of the Check MAC result modal (label and value are sibling texts). */
const detail = (dialog: Locator, label: string) => dialog.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');

const moduleSelect = (page: Page) => page.getByRole('combobox', { name: 'Module', exact: true });

const macInput = (page: Page) => page.getByRole('textbox', { name: 'MAC address', exact: true });

/** Types a MAC address key by key, as a person does: the field formats it as it goes. */
async function typeMac(input: Locator, mac: string) {
  await input.clear();
  await input.pressSequentially(mac);
  return input;
}

test('a registered player is checked, activated for two apps, annotated, disabled and re-enabled, given an XC playlist whose domain the admin changes, and counted on the dashboard', async ({
  page,
  browser,
}) => {
  // Nine screens, two browsers and the reference player's start (tsx) in one journey: more than
  // the default two minutes on a busy machine.
  test.setTimeout(180_000);

  // 1. The admin creates a reseller allowed IBOPLAYER and BOBPLAYER, with 10 credit points.
  await signInAdmin(page);
  const [ibo, bob] = [await appIdOf(page, 'IBOPLAYER'), await appIdOf(page, 'BOBPLAYER')];
  const email = await createFundedReseller(page, { label: 'devices-reseller', name: 'Devices Reseller', appIds: [ibo, bob], credit: 10 });
  const reseller = await (await browser.newContext()).newPage();
  await signIn(reseller, email, PASSWORD);
  await passPasscodeScreen(reseller);
  const credit = reseller.getByTitle('Credit points');
  await expect(credit).toHaveText('10 credits');

  // 2. A player starts for both apps, sending its MAC upper-case with dashes: it is stored normalised.
  // IBOPLAYER's is the reference player, run as the README's first activation runs it.
  const typedMac = randomMac();
  const mac = typedMac.toLowerCase().replace(/-/g, ':');
  const shownMac = typedMac.replace(/-/g, ':');
  const registered = await referencePlayer('register', '--app', String(ibo), '--mac', typedMac);
  expect(registered).toMatch(new RegExp(`MAC address\\s+${mac}\\n`));
  expect(registered).toMatch(/Status\s+active \(trial\)/);
  const iboDevice = { device_key: /Device key\s+(\d{8})/.exec(registered)?.[1] ?? '' };
  const bobDevice = await playerCall(reseller.request, 'register', { app_id: bob, mac_address: typedMac });
  expect(bobDevice).toMatchObject({ mac_address: mac, status: 'active', is_trial: 1 });
  for (const device of [iboDevice, bobDevice]) expect(device.device_key).toMatch(/^\d{8}$/);
  const iboStatus = () => playerCall(reseller.request, 'status', { app_id: ibo, mac_address: mac, device_key: iboDevice.device_key });

  // 3. Check MAC: the MAC is formatted as it is typed; the modal shows the trial device.
  await openGroup(reseller, 'Check Playlist & MAC', 'Check MAC');
  await expect(reseller.getByRole('form', { name: 'Check a device' })).toBeVisible();
  await pickOption(moduleSelect(reseller), 'IBOPLAYER');
  const checkInput = await typeMac(macInput(reseller), typedMac.toLowerCase().replace(/-/g, ''));
  await expect(checkInput).toHaveValue(shownMac);
  await reseller.getByRole('button', { name: 'Check status' }).click();
  const result = reseller.getByRole('dialog', { name: 'Device status' });
  await expect(detail(result, 'MAC address')).toHaveText(mac);
  await expect(detail(result, 'Module')).toHaveText('IBOPLAYER');
  await expect(detail(result, 'Status')).toHaveText('Active');
  await expect(detail(result, 'Trial')).toHaveText('Yes');
  await result.getByRole('button', { name: 'Close' }).click();
  await expect(result).toBeHidden();

  // 4. Multi-app activation of both apps for a year: both can be activated, the price is 2.
  await openGroup(reseller, 'App Activation', 'Multi-App Activation');
  const apps = reseller.getByRole('group', { name: 'Apps' });
  for (const name of ['IBOPLAYER', 'BOBPLAYER']) {
    // A chip's checkbox is visually hidden: a person clicks its label.
    await apps.getByText(name, { exact: true }).click();
    await expect(apps.getByRole('checkbox', { name, exact: true })).toBeChecked();
  }
  await reseller.getByRole('radio', { name: '1 Year' }).check();
  await expect(reseller.getByText('This activation will cost 2 credit points.')).toBeVisible();
  await reseller.getByRole('textbox', { name: 'Remarks' }).fill('Living room TV');
  await typeMac(macInput(reseller), typedMac);
  await reseller.getByRole('button', { name: 'Check and activate' }).click();
  const statusModal = reseller.getByRole('dialog', { name: 'Device status per app' });
  const statusRows = statusModal.getByRole('table').getByRole('row');
  for (const name of ['IBOPLAYER', 'BOBPLAYER']) {
    const row = statusRows.filter({ hasText: name });
    await expect(row.getByRole('cell').nth(1)).toHaveText('Trial');
    await expect(row.getByRole('cell').nth(3)).toHaveText('Can be activated');
  }
  await statusModal.getByRole('button', { name: 'Continue' }).click();
  const confirm = reseller.getByRole('dialog', { name: 'Confirm activation' });
  await expect(confirm.getByRole('group', { name: 'What happens' }).getByText('2 credit points', { exact: true })).toBeVisible();
  await expect(confirm.getByText('Living room TV')).toBeVisible();
  await confirm.getByRole('button', { name: 'Activate' }).click();
  await expect(confirm).toBeHidden();
  const done = reseller.getByRole('table', { name: 'Apps activated' });
  await expect(done.getByRole('row')).toHaveCount(3);
  for (const name of ['IBOPLAYER', 'BOBPLAYER']) {
    await expect(done.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(1)).toHaveText(mac);
  }
  await expect(credit).toHaveText('8 credits');

  // 5. The activated apps list has both rows; a remark edited in place stays after a reload.
  await openGroup(reseller, 'App Activation', 'Activated Apps List');
  const activated = reseller.getByRole('table', { name: 'Activated Apps List' });
  await expect(activated.getByRole('row').filter({ hasText: mac })).toHaveCount(2);
  const remark = (module: string) => activated.getByRole('button', { name: `Edit the remark for ${module} ${mac}` });
  await expect(remark('IBOPLAYER')).toHaveText('Living room TV');
  await expect(remark('BOBPLAYER')).toHaveText('Living room TV');
  await remark('BOBPLAYER').click();
  const remarkBox = activated.getByRole('textbox', { name: `Remark for BOBPLAYER ${mac}` });
  await remarkBox.fill('Bedroom TV');
  await remarkBox.press('Enter');
  await expect(remark('BOBPLAYER')).toHaveText('Bedroom TV');
  await reseller.reload();
  await expect(remark('BOBPLAYER')).toHaveText('Bedroom TV');
  await expect(remark('IBOPLAYER')).toHaveText('Living room TV');

  // 6. Disabling the MAC ends it now; enabling gives back the paid time: the same expiry.
  const before = await iboStatus();
  expect(before.status).toBe('active');
  // The year was added to the trial's 7 days, not to today.
  const daysLeft = (Date.parse(before.expire_date) - Date.now()) / 86_400_000;
  expect(daysLeft).toBeGreaterThan(371);
  expect(daysLeft).toBeLessThan(374);
  await openGroup(reseller, 'App Activation', 'Disable MAC');
  // Each screen is its own chunk: the page is known to be shown by its own button.
  await expect(reseller.getByRole('button', { name: 'Disable MAC' })).toBeVisible();
  await pickOption(moduleSelect(reseller), 'IBOPLAYER');
  await typeMac(macInput(reseller), typedMac);
  await reseller.getByRole('button', { name: 'Disable MAC' }).click();
  const disabled = reseller.getByRole('region', { name: 'The device now' });
  await expect(disabled.getByRole('row').filter({ hasText: 'IBOPLAYER' }).getByRole('cell').nth(3)).toHaveText('Expired');
  expect((await iboStatus()).status).toBe('expired');

  await openGroup(reseller, 'App Activation', 'Enable MAC');
  await expect(reseller.getByRole('button', { name: 'Enable MAC' })).toBeVisible();
  await pickOption(moduleSelect(reseller), 'IBOPLAYER');
  await typeMac(macInput(reseller), typedMac);
  await reseller.getByRole('button', { name: 'Enable MAC' }).click();
  const enabled = reseller.getByRole('region', { name: 'The device now' }).getByRole('row').filter({ hasText: 'IBOPLAYER' });
  await expect(enabled.getByRole('cell').nth(3)).toHaveText('Active');
  const after = await iboStatus();
  expect(after.status).toBe('active');
  // The day as the English screens write it (MM-dd-yyyy; the browser runs on UTC like the API's dates).
  const [year, month, day] = after.expire_date.slice(0, 10).split('-');
  await expect(enabled.getByRole('cell').nth(2)).toHaveText(`${month}-${day}-${year}`);
  // The paid time left at disable comes back from the moment of enabling: the expiry (a year and
  // the trial away) moves only by the seconds the device spent disabled. A tolerance rather than
  // the date part, so that a run whose expiry falls at midnight UTC cannot fail.
  expect(Math.abs(Date.parse(after.expire_date) - Date.parse(before.expire_date))).toBeLessThan(60_000);

  // 7. An XC playlist added on the Playlists page reaches the player.
  const stamp = Date.now().toString(36);
  const oldOrigin = `http://xc-${stamp}.e2e.test:8080`;
  const newOrigin = `https://tv-${stamp}.e2e.test`;
  await openGroup(reseller, 'Check Playlist & MAC', 'Playlists');
  await expect(reseller.getByRole('button', { name: 'Add Playlist' })).toBeVisible();
  // The page's own picker comes before the one of the Reset playlists form.
  await pickOption(moduleSelect(reseller).first(), 'IBOPLAYER');
  await typeMac(macInput(reseller).first(), typedMac);
  await reseller.getByRole('button', { name: 'Add Playlist' }).click();
  const add = reseller.getByRole('dialog', { name: 'Add playlist' });
  await add.getByText('XC (Xtream Codes)').click();
  await add.getByRole('textbox', { name: 'Playlist name' }).fill('Family XC');
  await add.getByRole('textbox', { name: 'Username' }).fill('family');
  // A password field has no textbox role; its label carries the required mark.
  await add.getByLabel(/^Password/).fill('s3cret-xc');
  await add.getByRole('textbox', { name: 'Server URL' }).fill(`${oldOrigin}/`);
  await add.getByRole('textbox', { name: 'XMLTV EPG URL' }).fill(`${oldOrigin}/xmltv.php`);
  await add.getByRole('button', { name: 'Save playlist' }).click();
  await expect(add).toBeHidden();
  const withPlaylist = await iboStatus();
  expect(withPlaylist.playlists).toEqual([
    expect.objectContaining({
      name: 'Family XC',
      type: 'xc',
      url: `${oldOrigin}/`,
      username: 'family',
      password: 's3cret-xc',
      epg_url: `${oldOrigin}/xmltv.php`,
    }),
  ]);

  // 8. The admin moves the module's playlists from the old domain to the new one.
  await openGroup(page, 'Check Playlist & MAC', 'Change Domain');
  await expect(page.getByRole('button', { name: 'Change domain' })).toBeVisible();
  await pickOption(moduleSelect(page), 'IBOPLAYER');
  await page.getByRole('textbox', { name: 'Old domain' }).fill(oldOrigin);
  await page.getByRole('textbox', { name: 'New domain' }).fill(newOrigin);
  await page.getByRole('button', { name: 'Change domain' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Playlists updated:' })).toHaveText('Playlists updated: 1');
  const moved = await iboStatus();
  expect(moved.playlists).toEqual([expect.objectContaining({ type: 'xc', url: `${newOrigin}/`, epg_url: `${newOrigin}/xmltv.php` })]);

  // 9. The reseller's dashboard counts one activation per module; a chip hides and shows its module.
  await reseller.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  const chart = reseller.getByRole('region', { name: 'Activations per module' });
  const modules = chart.getByRole('group', { name: 'Modules' });
  const iboChip = modules.getByRole('checkbox', { name: 'IBOPLAYER (1)' });
  await expect(iboChip).toBeChecked();
  await expect(modules.getByRole('checkbox', { name: 'BOBPLAYER (1)' })).toBeChecked();
  await expect(chart.getByLabel('Pie chart of 2 activations per module')).toBeVisible();
  await modules.getByText('IBOPLAYER (1)', { exact: true }).click();
  await expect(iboChip).not.toBeChecked();
  await expect(chart.getByLabel('Pie chart of 1 activation per module')).toBeVisible();
  await modules.getByText('IBOPLAYER (1)', { exact: true }).click();
  await expect(iboChip).toBeChecked();
  await expect(chart.getByLabel('Pie chart of 2 activations per module')).toBeVisible();
});

test('in Arabic the device screens read right to left and refuse a malformed MAC in Arabic', async ({ page }) => {
  const ar = JSON.parse(fs.readFileSync(new URL('../../contract/src/messages/ar.json', import.meta.url), 'utf8')) as {
    validation: { macInvalid: string };
  };
  const panel = JSON.parse(fs.readFileSync(new URL('../src/i18n/locales/panel/ar.json', import.meta.url), 'utf8')) as {
    checkMac: { submit: string };
  };
  await signInAdmin(page);
  await page.evaluate(() => localStorage.setItem('locale', 'ar'));
  await page.goto('/check-mac');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const mac = page.getByPlaceholder('AA:BB:CC:DD:EE:FF');
  await mac.pressSequentially('a1b2c3');
  await expect(mac).toHaveValue('A1:B2:C3');
  await page.getByRole('button', { name: panel.checkMac.submit }).click();
  await expect(page.getByText(ar.validation.macInvalid, { exact: true })).toBeVisible();
  await expect(mac).toHaveAttribute('aria-invalid', 'true');
});
