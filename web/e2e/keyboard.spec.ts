import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminRecharge, appIdOf, PASSCODE, playerCall, randomMac, uniqueEmail } from './helpers';
import { E2E } from './env';

/** Presses Tab until `target` has the focus; answers how many presses it took. */
async function tabTo(page: Page, target: Locator, most = 80): Promise<number> {
  for (let presses = 1; presses <= most; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return presses;
  }
  throw new Error(`${target.toString()} never took the focus`);
}

test('a keyboard alone signs in, adds a reseller from the sidebar, opens and closes a row menu and activates a device', async ({ page }) => {
  test.setTimeout(120_000);
  // Sign in.
  await page.goto(`/${E2E.adminPrefix}/admin-login`);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(E2E.adminEmail);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(E2E.adminPassword);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/(set-passcode-modal|dashboard)$/);
  if (page.url().endsWith('/set-passcode-modal')) {
    await tabTo(page, page.getByLabel('Passcode', { exact: true }));
    await page.keyboard.type(PASSCODE);
    await tabTo(page, page.getByLabel('Confirm passcode'));
    await page.keyboard.type(PASSCODE);
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();

  // Opened from the address bar, the first Tab reaches the skip link, which takes the focus to the content.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // Add reseller from the sidebar: the group says it opens, the screen's heading takes the focus,
  // and its first field is one Tab away.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await page.keyboard.press('Shift+Tab');
  const group = nav.getByRole('button', { name: 'Reseller', exact: true });
  await tabTo(page, group);
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await tabTo(page, nav.getByRole('link', { name: 'Add Reseller', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/add-reseller$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Reseller' })).toBeFocused();
  expect(await tabTo(page, page.getByLabel('Name'))).toBe(1);
  const email = uniqueEmail('keyboard');
  await page.keyboard.type('Keyboard Reseller');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Applications' })).toBeFocused();
  await page.keyboard.type('IBOPLAYER');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await tabTo(page, page.getByRole('button', { name: 'Add reseller' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/reseller-list$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Reseller List' })).toBeFocused();

  // A row's menu: its first item takes the focus, Escape gives it back to the menu's button.
  const actions = page.getByRole('button', { name: `Actions for ${email}` });
  await tabTo(page, actions);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(actions).toBeFocused();

  // Activate a registered device for a year.
  const ibo = await appIdOf(page, 'IBOPLAYER');
  const mac = randomMac();
  await playerCall(page.request, 'register', { app_id: ibo, mac_address: mac });
  await adminRecharge(page, E2E.adminEmail, 1);
  await page.goto('/multi-apps-activation');
  await expect(page.getByRole('heading', { level: 1, name: 'Multi-App Activation' })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await tabTo(page, page.getByRole('group', { name: 'Apps' }).getByRole('checkbox', { name: 'IBOPLAYER', exact: true }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('radio', { name: '1 Year' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: '1 Year' })).toBeChecked();
  await tabTo(page, page.getByRole('textbox', { name: /MAC address/ }));
  await page.keyboard.type(mac);
  await page.keyboard.press('Enter');
  const status = page.getByRole('dialog', { name: 'Device status per app' });
  await expect(status).toBeVisible();
  await tabTo(page, status.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm activation' });
  await tabTo(page, confirm.getByRole('button', { name: 'Activate' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: 'Apps activated' }).getByRole('row')).toHaveCount(2);
});
