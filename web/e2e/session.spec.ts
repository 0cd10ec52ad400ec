import { expect, test, type Page } from '@playwright/test';
import { translate } from '@panel/contract';
import { signInAdmin } from './helpers';

test('Arabic turns the whole layout right-to-left and is remembered', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'العربية' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The API answers in the same language.
  await page.getByLabel('البريد الإلكتروني').fill('nobody@e2e.test');
  await page.getByLabel('كلمة المرور', { exact: true }).fill('Whatever@1');
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByRole('alert')).toContainText(translate('ar', 'errors.userNotFound'));
  await page.evaluate(() => localStorage.removeItem('locale'));
});

/**
 * Signs the admin in and lets 5 idle minutes pass. The idle timer starts when the signed-in
 * screen is committed, which on a busy machine comes after the address changes: the clock jumps
 * again until the dialog shows (it shows once per page load).
 */
async function idleUntilTimeoutDialog(page: Page) {
  await page.clock.install();
  await signInAdmin(page);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Session Timeout' });
  await expect(async () => {
    await page.clock.fastForward('05:01');
    await expect(dialog).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  return dialog;
}

test('after 5 idle minutes the Session Timeout dialog counts down 10 seconds and signs out', async ({ page }) => {
  const dialog = await idleUntilTimeoutDialog(page);
  // The countdown starts at 10; the page clock keeps running while the dialog's code loads, so
  // on a busy machine the first second may already be gone when the test looks.
  await expect(dialog).toContainText(/\b(10|9) seconds/);
  await page.clock.runFor('00:11');
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('token');
});

test('Cancel in the Session Timeout dialog keeps the session', async ({ page }) => {
  const dialog = await idleUntilTimeoutDialog(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.clock.runFor('00:30');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('logout revokes the session and returns to the sign-in screen', async ({ page }) => {
  await signInAdmin(page);
  const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const res = await page.request.get('/api/profile', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown paths show the 404 page and a missing permission the 403 page', async ({ page }) => {
  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('Page Not Found')).toBeVisible();
});
