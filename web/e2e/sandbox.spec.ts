import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { appIdOf, createFundedReseller, deviceSecret, openGroup, PASSWORD, passPasscodeScreen, randomMac, signIn, signInAdmin, type PlayerDevice } from './helpers';

/** The `mode` texts of the signed-in shell's locale files, as the screens show them. */
type ModeTexts = { label: string; live: string; sandbox: string; banner: { title: string; text: string; addCredit: string }; testCredit: { title: string; points: string } };
const modeTexts = (locale: string) =>
  (JSON.parse(fs.readFileSync(new URL(`../src/i18n/locales/panel/${locale}.json`, import.meta.url), 'utf8')) as { mode: ModeTexts }).mode;

/** The WCAG 2.1 A and AA violations axe finds on the page, as the accessibility spec counts them. */
async function axeViolations(page: Page, contrast: boolean) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (!contrast) builder.disableRules(['color-contrast']);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => ['critical', 'serious', 'moderate'].includes(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
}

/** Types a MAC address key by key, as a person does: the field formats it as it goes. */
async function typeMac(page: Page, mac: string) {
  const input = page.getByRole('textbox', { name: 'MAC address', exact: true });
  await input.clear();
  await input.pressSequentially(mac);
}

test('in the sandbox a reseller adds test credit and activates a sandbox device; back in live its balance and devices are untouched', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A reseller allowed IBOPLAYER with 10 live credit points.
  await signInAdmin(page);
  const ibo = await appIdOf(page, 'IBOPLAYER');
  const email = await createFundedReseller(page, { label: 'sandbox-reseller', name: 'Sandbox Reseller', appIds: [ibo], credit: 10 });
  const reseller = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(reseller, email, PASSWORD);
  await passPasscodeScreen(reseller);
  const header = reseller.getByRole('banner');
  const credit = header.getByTitle('Credit points');
  await expect(credit).toHaveText('10 credits');
  const banner = reseller.getByRole('status').filter({ hasText: 'Sandbox mode' });
  await expect(banner).toHaveCount(0);

  // 1. The switch in the top bar: the banner appears and the balance is the sandbox's, without a reload.
  const modes = header.getByRole('radiogroup', { name: 'Mode' });
  await expect(modes.getByRole('radio', { name: 'Live' })).toBeChecked();
  await modes.getByText('Sandbox', { exact: true }).click();
  await expect(modes.getByRole('radio', { name: 'Sandbox' })).toBeChecked();
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Test data only. Nothing here changes your live credit, devices or orders.');
  await expect(credit).toHaveText('0 credits');
  expect(await axeViolations(reseller, true)).toEqual([]);

  // 2. Test credit: 0 is refused with the contract's message, 50 is added.
  await banner.getByRole('button', { name: 'Add test credit' }).click();
  const dialog = reseller.getByRole('dialog', { name: 'Add test credit' });
  const points = dialog.getByRole('textbox', { name: 'Test credit points' });
  await points.fill('0');
  await dialog.getByRole('button', { name: 'Add test credit' }).click();
  await expect(dialog.getByText('Enter a whole number of test credit points from 1 to 1,000,000.')).toBeVisible();
  expect(await axeViolations(reseller, true)).toEqual([]);
  await points.fill('50');
  await dialog.getByRole('button', { name: 'Add test credit' }).click();
  await expect(dialog).toBeHidden();
  await expect(reseller.getByText('Test credit added: your sandbox balance grew by 50 credit points.')).toBeVisible();
  await expect(credit).toHaveText('50 credits');

  // 3. A player registers with the sandbox; the reseller activates it there for a year (1 point).
  const typedMac = randomMac();
  const mac = typedMac.toLowerCase().replace(/-/g, ':');
  const registered = await reseller.request.post('/api/sandbox/player/register', { data: { app_id: ibo, mac_address: typedMac, device_secret: deviceSecret() } });
  expect(registered.status(), await registered.text()).toBe(200);
  const device = ((await registered.json()) as { data: PlayerDevice }).data;
  expect(device).toMatchObject({ mac_address: mac, is_trial: 1 });

  await openGroup(reseller, 'App Activation', 'Multi-App Activation');
  await expect(banner).toBeVisible();
  const apps = reseller.getByRole('group', { name: 'Apps' });
  await apps.getByText('IBOPLAYER', { exact: true }).click();
  await expect(apps.getByRole('checkbox', { name: 'IBOPLAYER', exact: true })).toBeChecked();
  await reseller.getByRole('radio', { name: '1 Year' }).check();
  await typeMac(reseller, typedMac);
  await reseller.getByRole('button', { name: 'Check and activate' }).click();
  const statusModal = reseller.getByRole('dialog', { name: 'Device status per app' });
  await expect(statusModal.getByRole('table').getByRole('row').filter({ hasText: 'IBOPLAYER' }).getByRole('cell').nth(3)).toHaveText('Can be activated');
  await statusModal.getByRole('button', { name: 'Continue' }).click();
  const confirm = reseller.getByRole('dialog', { name: 'Confirm activation' });
  await confirm.getByRole('button', { name: 'Activate' }).click();
  await expect(confirm).toBeHidden();
  await expect(reseller.getByRole('table', { name: 'Apps activated' }).getByRole('row').filter({ hasText: mac })).toHaveCount(1);
  await expect(credit).toHaveText('49 credits');
  const sandboxStatus = await reseller.request.post('/api/sandbox/player/status', { data: { app_id: ibo, mac_address: mac, device_key: device.device_key } });
  expect(((await sandboxStatus.json()) as { data: PlayerDevice }).data.status).toBe('active');

  // The sandbox's activated apps list holds the device...
  await openGroup(reseller, 'App Activation', 'Activated Apps List');
  const activated = reseller.getByRole('table', { name: 'Activated Apps List' });
  await expect(activated.getByRole('row').filter({ hasText: mac })).toHaveCount(1);

  // 4. ...and back in live, on the same screen and without a reload, the list and the balance are the live ones.
  await modes.getByText('Live', { exact: true }).click();
  await expect(modes.getByRole('radio', { name: 'Live' })).toBeChecked();
  await expect(banner).toHaveCount(0);
  await expect(credit).toHaveText('10 credits');
  await expect(activated.getByRole('row').filter({ hasText: mac })).toHaveCount(0);
  const liveStatus = await reseller.request.post('/api/player/status', { data: { app_id: ibo, mac_address: mac, device_key: device.device_key } });
  expect(liveStatus.status(), await liveStatus.text()).toBe(404);

  // The choice is remembered in this browser: a reload stays live, and a switch to the sandbox survives one.
  await reseller.reload();
  await expect(modes.getByRole('radio', { name: 'Live' })).toBeChecked();
  await modes.getByText('Sandbox', { exact: true }).click();
  await expect(credit).toHaveText('49 credits');
  await reseller.reload();
  await expect(modes.getByRole('radio', { name: 'Sandbox' })).toBeChecked();
  await expect(credit).toHaveText('49 credits');
  await expect(banner).toBeVisible();
  await reseller.context().close();
});

test('in Arabic the switch and the banner read right to left, in Arabic, and pass axe; on a phone the switch is a menu', async ({ page }) => {
  const ar = modeTexts('ar');
  await signInAdmin(page);
  await page.evaluate(() => localStorage.setItem('locale', 'ar'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const header = page.getByRole('banner');
  const modes = header.getByRole('radiogroup', { name: ar.label });
  await expect(modes.getByRole('radio', { name: ar.live })).toBeChecked();
  await modes.getByText(ar.sandbox, { exact: true }).click();
  await expect(modes.getByRole('radio', { name: ar.sandbox })).toBeChecked();

  const banner = page.getByRole('status').filter({ hasText: ar.banner.title });
  await expect(banner).toContainText(ar.banner.text);
  await expect(banner).toHaveCSS('direction', 'rtl');
  // Right to left: the banner's icon at its right-hand start, its button at the left-hand end.
  const icon = (await banner.locator('svg').first().boundingBox())!;
  const button = (await banner.getByRole('button', { name: ar.banner.addCredit }).boundingBox())!;
  expect(icon.x).toBeGreaterThan(button.x);
  // The switch's first choice (live) is on the right.
  const live = (await modes.getByText(ar.live, { exact: true }).boundingBox())!;
  const sandbox = (await modes.getByText(ar.sandbox, { exact: true }).boundingBox())!;
  expect(live.x).toBeGreaterThan(sandbox.x);

  await banner.getByRole('button', { name: ar.banner.addCredit }).click();
  const dialog = page.getByRole('dialog', { name: ar.testCredit.title });
  await expect(dialog.getByRole('textbox', { name: ar.testCredit.points })).toBeVisible();
  // Axe skips contrast on joined Arabic letters (see accessibility.spec.ts): every other rule.
  expect(await axeViolations(page, false)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // On a phone: one icon whose name says the mode, its menu offers both.
  await page.setViewportSize({ width: 375, height: 740 });
  const menuButton = header.getByRole('button', { name: `${ar.label}: ${ar.sandbox}` });
  await expect(menuButton).toBeVisible();
  const box = (await menuButton.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await menuButton.click();
  await page.getByRole('menuitem', { name: ar.live }).click();
  await expect(header.getByRole('button', { name: `${ar.label}: ${ar.live}` })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.evaluate(() => (localStorage.removeItem('locale'), localStorage.removeItem('mode')));
});
