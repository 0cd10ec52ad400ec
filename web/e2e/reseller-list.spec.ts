import { expect, test, type Locator } from '@playwright/test';
import { E2E } from './env';
import { adminRecharge, bearer, PASSCODE, signInAdmin } from './helpers';

test('an admin bulk-disables two resellers and adds credit to one through the passcode prompt', async ({ page }) => {
  await signInAdmin(page);
  const headers = await bearer(page);

  // Two fresh resellers through the API, allowed the first seeded application.
  const apps = await page.request.get('/api/fetch-allowed-applications', { headers });
  expect(apps.ok()).toBe(true);
  const appId = ((await apps.json()) as { data: { ApplicationList: { id: number }[] } }).data.ApplicationList[0]!.id;
  const tag = `rl${Date.now().toString(36)}`;
  const emails = [`${tag}-a@e2e.test`, `${tag}-b@e2e.test`];
  for (const [i, email] of emails.entries()) {
    const created = await page.request.post('/api/add-resellers', {
      headers,
      data: { requestData: { name: `Bulk Reseller ${i + 1}`, email, application_allowed: [appId] } },
    });
    expect(created.status()).toBe(201);
  }

  // The admin needs points to give: self credit (created, not moved).
  await adminRecharge(page, E2E.adminEmail, 20);

  await page.getByRole('button', { name: 'Reseller', exact: true }).click();
  await page.getByRole('link', { name: 'Reseller List', exact: true }).click();
  await expect(page).toHaveURL(/\/reseller-list$/);
  const table = page.getByRole('table', { name: 'Reseller List', exact: true });
  await page.getByLabel('Search resellers').fill(tag);
  const rowOf = (email: string) => table.getByRole('row').filter({ hasText: email });
  // Added by the admin and not yet signed in: 'Invited' until each sets its password (issue 42).
  for (const email of emails) await expect(rowOf(email)).toContainText('Invited');
  await expect(table.getByRole('row')).toHaveCount(3);

  // Bulk disable: one request per reseller, a result for each.
  for (const email of emails) await table.getByRole('checkbox', { name: `Select ${email}` }).check();
  const toolbar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(toolbar).toContainText('Selected resellers: 2');
  await toolbar.getByRole('button', { name: 'Disable selected' }).click();
  const bulk = page.getByRole('dialog', { name: 'Disable resellers' });
  await bulk.getByRole('button', { name: 'Disable selected' }).click();
  await expect(bulk.getByText('Finished: 2 succeeded, 0 failed.')).toBeVisible();
  const results = bulk.getByRole('list', { name: 'Results per reseller' }).getByRole('listitem');
  await expect(results).toHaveCount(2);
  for (const email of emails) await expect(results.filter({ hasText: email })).toContainText('Success');
  await bulk.getByRole('button', { name: 'Close' }).last().click();
  await expect(bulk).toBeHidden();
  for (const email of emails) await expect(rowOf(email)).toContainText('Disabled');
  await expect(toolbar).toBeHidden();

  // Add 5 credits to the first: the passcode first, then the amount.
  await rowOf(emails[0]!).getByRole('button', { name: `Actions for ${emails[0]}` }).click();
  await page.getByRole('menuitem', { name: 'Add credit' }).click();
  const move = page.getByRole('dialog', { name: 'Add credit points' });
  await move.getByLabel('Credit share passcode').fill('0000');
  await move.getByRole('button', { name: 'Continue' }).click();
  await expect(move.getByText('Invalid passcode')).toBeVisible();
  await move.getByLabel('Credit share passcode').fill(PASSCODE);
  await move.getByRole('button', { name: 'Continue' }).click();
  await move.getByRole('textbox', { name: 'Credit points' }).fill('5');
  await move.getByRole('button', { name: 'Add credit' }).click();
  await expect(page.getByText('Credit points added successfully.')).toBeVisible();
  await expect(move).toBeHidden();
  await expect(rowOf(emails[0]!).getByRole('cell').nth(3)).toHaveText('5');
  await expect(rowOf(emails[1]!).getByRole('cell').nth(3)).toHaveText('0');

  // Remove the second; it leaves the list for the deleted list, where it can be reactivated.
  await rowOf(emails[1]!).getByRole('button', { name: `Actions for ${emails[1]}` }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove reseller' }).getByRole('button', { name: 'Remove' }).click();
  await expect(rowOf(emails[1]!)).toHaveCount(0);
  await page.getByRole('link', { name: 'Deleted Reseller List' }).click();
  await expect(page).toHaveURL(/\/deleted-resellers-list$/);
  const deleted = page.getByRole('table', { name: 'Deleted Reseller List' });
  await page.getByLabel('Search resellers').fill(tag);
  await expect(deleted.getByRole('row')).toHaveCount(2);
  await deleted.getByRole('button', { name: `Reactivate ${emails[1]}` }).click();
  await page.getByRole('dialog', { name: 'Reactivate reseller' }).getByRole('button', { name: 'Reactivate' }).click();
  await expect(deleted.getByText('No records found')).toBeVisible();
});

/**
 * A row's Actions button is in sight: inside the window, and on top at its centre (neither cut
 * off by the table's box nor under another cell), so nothing has to be scrolled sideways to reach it.
 */
async function expectInSight(button: Locator) {
  await expect(button).toBeVisible();
  const sight = await button.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { left: box.left, right: box.right, window: window.innerWidth, onTop: hit !== null && el.contains(hit) };
  });
  expect(sight.left).toBeGreaterThanOrEqual(0);
  expect(sight.right).toBeLessThanOrEqual(sight.window);
  expect(sight.onTop).toBe(true);
}

test('keeps each reseller\'s Actions in sight at 1280 px beside the sidebar, in English and in Arabic', async ({ page }) => {
  // Issue 42: at this width the list is wider than its box and used to cut its Actions column off.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAdmin(page);
  const headers = await bearer(page);
  const apps = await page.request.get('/api/fetch-allowed-applications', { headers });
  const appId = ((await apps.json()) as { data: { ApplicationList: { id: number }[] } }).data.ApplicationList[0]!.id;
  const tag = `rw${Date.now().toString(36)}`;
  // One long word: an address the browser cannot break, so the table is wider than its box.
  const email = `${tag}averylongaddressthatnobrowsercanbreakanywhere@e2e.test`;
  const created = await page.request.post('/api/add-resellers', {
    headers,
    data: { requestData: { name: `Wide Reseller ${tag} with a long shop name`, email, application_allowed: [appId] } },
  });
  expect(created.status()).toBe(201);

  for (const [locale, search] of [
    ['en', 'Search resellers'],
    ['ar', 'البحث عن الموزعين'],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    await page.goto('/reseller-list');
    await page.getByLabel(search).fill(tag);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expectInSight(row.getByRole('cell').last().getByRole('button'));
  }
  await page.evaluate(() => localStorage.removeItem('locale'));
});
