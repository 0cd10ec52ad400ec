import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from './env';
import { PASSCODE, signInAdmin } from './helpers';

/** The top bar's balance badge ("1,234 credits"), as a number. */
async function balance(page: Page): Promise<number> {
  const badge = page.getByTitle('Credit points');
  await expect(badge).toHaveText(/^[\d,.]+ credits$/);
  return Number((await badge.innerText()).replace(/[^\d]/g, ''));
}

/** One CSV line into its cells (the report quotes every cell). */
const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));

test('an admin adds self credit with the passcode, sees it in the balance and the share log, and downloads the report', async ({ page }) => {
  await signInAdmin(page);
  const before = await balance(page);
  const points = 37 + Math.floor(Math.random() * 50);

  await page.getByRole('button', { name: 'Credit', exact: true }).click();
  await page.getByRole('link', { name: 'Recharge Credit' }).click();
  await expect(page).toHaveURL(/\/recharge-credit$/);

  // Both fields are required before the passcode is asked for.
  await page.getByRole('button', { name: 'Recharge' }).click();
  await expect(page.getByRole('alert').getByText('Please provide both reseller email and credit points')).toBeVisible();

  // The admin's own e-mail: self credit, created rather than moved.
  await page.getByRole('combobox', { name: 'Reseller email' }).fill(E2E.adminEmail);
  // A negative amount is refused with the field's message, not turned positive.
  await page.getByLabel('Credit points').fill('-50');
  await page.getByRole('button', { name: 'Recharge' }).click();
  await expect(page.getByText('The credit point must be a whole number of at least 1.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel('Credit points').fill(String(points));
  await page.getByRole('button', { name: 'Recharge' }).click();

  // The prompt says what is about to happen: the amount, to whom, and the balance after.
  const prompt = page.getByRole('dialog', { name: 'Confirm with your passcode' });
  const summary = prompt.getByRole('group', { name: 'What happens' });
  await expect(summary.getByText('Recharge credit')).toBeVisible();
  await expect(summary.getByText(E2E.adminEmail)).toBeVisible();
  await expect(summary.getByText(`${points} credit points`, { exact: true })).toBeVisible();
  await expect(summary.getByText(`${(before + points).toLocaleString('en-US')} credit points`, { exact: true })).toBeVisible();
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt.getByText('Please enter your credit share passcode')).toBeVisible();
  await prompt.getByLabel('Credit share passcode').fill('0000');
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt.getByText('Invalid passcode')).toBeVisible();
  await prompt.getByLabel('Credit share passcode').fill(PASSCODE);
  await prompt.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByText('Credit points added to your own balance.')).toBeVisible();
  await expect(prompt).toBeHidden();
  await expect.poll(() => balance(page)).toBe(before + points);

  // The move, newest first, in the credit point share log.
  await page.getByRole('link', { name: 'Credit Point Share Log' }).click();
  await expect(page).toHaveURL(/\/credit-point-share-log$/);
  const table = page.getByRole('table', { name: 'Credit Point Share Log' });
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('cell').nth(0)).toHaveText('Added Self Credit');
  await expect(first.getByRole('cell').nth(1)).toHaveText(String(points));
  await expect(first.getByRole('cell').nth(2)).toHaveText(E2E.adminEmail);
  await expect(first.getByRole('cell').nth(5)).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M$/);

  // A keyword of fewer than 3 characters is ignored; a longer one that matches nothing empties the list.
  await page.getByLabel('Search by email').fill('zz');
  await expect(page.getByText('Please enter at least 3 characters to search')).toBeVisible();
  await page.getByLabel('Search by email').fill('nobody-matches-this');
  await expect(table.getByText('No records found')).toBeVisible();

  // The self credit is not a withdrawal.
  await page.getByRole('link', { name: 'Withdraw Point Share Log' }).click();
  const withdrawals = page.getByRole('table', { name: 'Withdraw Point Share Log' });
  await expect(withdrawals).not.toHaveAttribute('aria-busy', 'true');
  await expect(withdrawals.getByText('Added Self Credit')).toHaveCount(0);

  // The dashboard's report for today holds the move.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('region', { name: 'Total credit points shared' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total resellers' })).toContainText(/\d/);
  const report = page.getByRole('region', { name: 'Credit share report' });
  const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: 'Download report' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^credit-share-.*\.csv$/);
  const lines = (await fs.readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
  expect(cells(lines[0]!)).toEqual(['ID', 'Date (UTC)', 'Type', 'Credit points', 'From', 'To', 'By']);
  const rows = lines.slice(1).map(cells);
  expect(rows).toContainEqual([expect.stringMatching(/^\d+$/), expect.any(String), 'Added Self Credit', String(points), '', E2E.adminEmail, E2E.adminEmail]);

  // The range picker shows the 3-month rule: past it, no end day can be picked.
  await expect(report.getByText('At most 3 months from start to end')).toBeVisible();
  await report.getByRole('button', { name: /^Dates/ }).click();
  const day = (date: Date) =>
    page.locator(`button[aria-label="${date.getUTCDate()} ${date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${date.getUTCFullYear()}"]:not([data-outside])`);
  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  await day(today).click();
  // Three months on, the calendar goes no further.
  const next = page.getByRole('button', { name: 'Next month' });
  for (let i = 0; i < 3; i += 1) await next.click();
  await expect(next).toBeDisabled();
  for (let i = 0; i < 3; i += 1) await page.getByRole('button', { name: 'Previous month' }).click();
  await day(today).click();
  const [ranged] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: 'Download report' }).click()]);
  expect(ranged.suggestedFilename()).toMatch(/^credit-share-.*\.csv$/);
});
