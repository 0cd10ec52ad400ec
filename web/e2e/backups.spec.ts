import { expect, test } from '@playwright/test';
import { openGroup, signInAdmin } from './helpers';

test('the admin backs up now from System → Backups, sees the backup verified, and the dashboard says so in English and Arabic', async ({ page }) => {
  // A backup of the e2e database and its restore drill: seconds alone, up to a minute on a busy machine.
  test.setTimeout(240_000);
  await signInAdmin(page);
  await openGroup(page, 'System', 'Backups');
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
  await expect(page.getByText(/Backups stay on the server, in the folder BACKUP_DIR/)).toBeVisible();

  const table = page.getByRole('table', { name: 'Backups' });
  // A retry of this journey finds the backup of the first attempt.
  const before = (await table.isVisible()) ? await table.getByRole('row').count() - 1 : 0;
  const button = page.getByRole('button', { name: 'Back up now' });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByText('Backup started. It appears in the list once it has been verified.')).toBeVisible();
  // Off while the backup and its drill run; the screen polls until the drill has run.
  await expect(button).toBeDisabled();
  await expect(table.getByRole('row')).toHaveCount(before + 2, { timeout: 180_000 });
  const newest = table.getByRole('row').nth(1);
  await expect(newest.getByText('Verified', { exact: true })).toBeVisible({ timeout: 180_000 });
  await expect(newest.getByText(/^Every balance matches its ledger; checked in/)).toBeVisible();
  await expect(newest.getByText('Embedded (PGlite)')).toBeVisible();
  await expect(button).toBeEnabled();

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const line = page.getByRole('link', { name: /^Last backup: .+, verified$/ });
  await expect(line).toBeVisible();
  await line.click();
  await expect(page).toHaveURL(/\/system\/backups$/);

  await page.evaluate(() => localStorage.setItem('locale', 'ar'));
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('link', { name: /^آخر نسخة احتياطية: .+، تم التحقق منها$/ })).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('locale'));
});
