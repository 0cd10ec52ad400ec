import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInAdmin } from './helpers';

/** A real 1×1 PNG, written to disk as a person would pick it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

test('an admin adds an application with a logo, finds it in the App list and edits it', async ({ page }, testInfo) => {
  const logoPath = testInfo.outputPath('player-logo.png');
  fs.writeFileSync(logoPath, PNG);
  const name = `E2E Player ${Date.now().toString(36)}`;

  await signInAdmin(page);
  await page.getByRole('button', { name: 'App Settings' }).click();
  await page.getByRole('link', { name: 'Add Application' }).click();
  await expect(page).toHaveURL(/\/add-app$/);

  // The URL rule is the contract's: a bad URL is refused before anything is sent.
  await page.getByLabel('Application name').fill(name);
  await page.getByLabel('App URL').fill('not a url');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a valid URL')).toBeVisible();

  await page.getByLabel('App URL').fill('https://player.e2e.test/app');
  await page.locator('input[type="file"]').setInputFiles(logoPath);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Application created successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/app-list$/);

  // Found by a 3-character-or-longer search, with its logo served from /uploads/ and its date as MM-dd-yyyy hh:mm a.
  await page.getByLabel('Search applications').fill(name);
  const table = page.getByRole('table', { name: 'Applications' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row.getByText('https://player.e2e.test/app')).toBeVisible();
  await expect(row.getByText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} (AM|PM)$/)).toBeVisible();
  const logo = row.getByRole('img', { name: `Logo of ${name}` });
  await expect(logo).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.png$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/edit-app\/\d+$/);
  await expect(page.getByLabel('Application name')).toHaveValue(name);
  await page.getByLabel('App URL').fill('https://player.e2e.test/v2');
  await page.getByLabel('Phone').fill('+20 100 000 0000');
  await page.getByLabel('Email').fill('support@player.e2e.test');
  await page.getByLabel('Tagline').fill('Every channel, everywhere');
  await page.getByLabel('Description').fill('The player of the end-to-end test.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Application updated successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/app-list$/);

  await page.getByLabel('Search applications').fill(name);
  const edited = page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: name });
  await expect(edited.getByText('https://player.e2e.test/v2')).toBeVisible();
  await expect(edited.getByText('support@player.e2e.test')).toBeVisible();
  await expect(edited.getByText('+20 100 000 0000')).toBeVisible();
});

test('an application id that cannot be loaded reads "Failed to load application data." and goes back to the App list', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/edit-app/999999');
  await expect(page.getByText('Failed to load application data.')).toBeVisible();
  await expect(page).toHaveURL(/\/app-list$/);
});
