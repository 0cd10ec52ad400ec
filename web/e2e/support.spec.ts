import { expect, test, type Page } from '@playwright/test';
import { appIdOf, bearer, createFundedReseller, openGroup, PASSWORD, passPasscodeScreen, signIn, signInAdmin } from './helpers';

/** A row's action menu in the tickets list. */
async function ticketAction(page: Page, title: string, item: string) {
  await page.getByRole('button', { name: `Actions for ticket ${title}` }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

test('a reseller raises a ticket with a link and an image URL, the admin resolves it, the reseller reads the reply and reopens it; no stored script runs', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  const ibo = await appIdOf(page, 'IBOPLAYER');
  const email = await createFundedReseller(page, { label: 'support-reseller', name: 'Support Reseller', appIds: [ibo], credit: 1 });
  const reseller = await (await browser.newContext()).newPage();
  let dialogs = 0;
  for (const p of [page, reseller]) p.on('dialog', (dialog) => void dialog.dismiss().then(() => (dialogs += 1)));
  await signIn(reseller, email, PASSWORD);
  await passPasscodeScreen(reseller);

  // 1. The ticket: typed URLs become a link and an image.
  await openGroup(reseller, 'Tickets', 'Create Ticket');
  // One message per error: both empty read the specification's one sentence; once the title is
  // typed, the description alone names itself under it, with no sentence repeating it.
  await reseller.getByRole('button', { name: 'Create ticket' }).click();
  await expect(reseller.getByText('All fields are required')).toHaveCount(1);
  await expect(reseller.getByText(/is required\.$/)).toHaveCount(0);
  await reseller.getByLabel('Title').fill('Playlist does not load');
  await expect(reseller.getByText('The Description is required.')).toHaveCount(1);
  await expect(reseller.getByText('All fields are required')).toHaveCount(0);
  const editor = reseller.locator('.ProseMirror');
  await editor.click();
  await editor.pressSequentially('See https://help.example/guide and http://img.example/shot.png for details');
  await reseller.getByRole('button', { name: 'Create ticket' }).click();
  await expect(reseller).toHaveURL(/\/tickets-list$/);

  // A stored payload sent straight to the API, as a hostile client would.
  const hostile = await reseller.request.post('/api/create-ticket', {
    headers: await bearer(reseller),
    data: { title: 'Hostile', description: '<img src=x onerror=alert(1)><a href="javascript:alert(2)">x</a><script>alert(3)</script>' },
  });
  expect(hostile.status()).toBe(201);

  // 2. The admin reads both and resolves the first with a reply.
  await page.goto('/tickets-list');
  await ticketAction(page, 'Hostile', 'View');
  const hostileDetails = page.getByRole('dialog', { name: 'Ticket details' });
  await expect(hostileDetails.getByText('Hostile')).toBeVisible();
  await hostileDetails.getByRole('button', { name: 'Close' }).first().click();
  await ticketAction(page, 'Playlist does not load', 'View');
  const details = page.getByRole('dialog', { name: 'Ticket details' });
  await expect(details.getByRole('link', { name: 'https://help.example/guide' })).toHaveAttribute('target', '_blank');
  await expect(details.locator('img[src="http://img.example/shot.png"]')).toHaveCount(1);
  await details.getByLabel('Reply to the reseller').fill('Use the new playlist address.');
  await details.getByRole('button', { name: 'Reply and resolve' }).click();
  await expect(details.getByText('Use the new playlist address.')).toBeVisible();

  // 3. The reseller sees RESOLVED with the reply and reopens it.
  await reseller.reload();
  const row = reseller.getByRole('row').filter({ hasText: 'Playlist does not load' });
  await expect(row.getByText('Resolved')).toBeVisible();
  await ticketAction(reseller, 'Playlist does not load', 'View');
  const mine = reseller.getByRole('dialog', { name: 'Ticket details' });
  await expect(mine.getByText('Use the new playlist address.')).toBeVisible();
  await mine.getByLabel('Why do you reopen this ticket?').fill('It still fails on the TV.');
  await mine.getByRole('button', { name: 'Reopen' }).click();
  await expect(mine.getByText('It still fails on the TV.')).toBeVisible();
  await mine.getByRole('button', { name: 'Close' }).first().click();
  await expect(row.getByText('Reopened')).toBeVisible();
  await ticketAction(reseller, 'Hostile', 'View');
  await expect(reseller.getByRole('dialog', { name: 'Ticket details' }).getByText('Hostile')).toBeVisible();
  expect(dialogs).toBe(0);
});

test("the admin publishes an offer that raises the reseller's bell count until the offers page marks it read, and saves the footer's social links", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  const ibo = await appIdOf(page, 'IBOPLAYER');
  const email = await createFundedReseller(page, { label: 'offers-reseller', name: 'Offers Reseller', appIds: [ibo], credit: 1 });
  const reseller = await (await browser.newContext()).newPage();
  let dialogs = 0;
  reseller.on('dialog', (dialog) => void dialog.dismiss().then(() => (dialogs += 1)));
  await signIn(reseller, email, PASSWORD);
  await passPasscodeScreen(reseller);
  const bell = reseller.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });
  const unread = async () => Number(/\((\d+) unread\)/.exec((await bell.getAttribute('aria-label')) ?? '')![1]);
  const before = await unread();

  // 1. The offer, through the Add Notification screen; and a hostile one through the API.
  await openGroup(page, 'Settings', 'Add Notification');
  await page.getByLabel('Title').fill('Black Friday offer');
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await editor.pressSequentially('Twenty percent off every yearly code this week.');
  // A 1×1 PNG from a file, embedded in the announcement as data.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
  await page.getByTestId('rich-text-image-file').setInputFiles({ name: 'offer.png', mimeType: 'image/png', buffer: png });
  await expect(editor.locator('img[src^="data:image/png;base64,"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add notification' }).click();
  await expect(page.getByText('Notification created successfully.')).toBeVisible();
  const hostile = await page.request.post('/api/create-notifications', {
    headers: await bearer(page),
    data: { title: 'Hostile offer', description: '<img src=x onerror=alert(1)><a href="javascript:alert(2)">x</a>' },
  });
  expect(hostile.status()).toBe(201);

  // 2. The reseller's bell counts both; the offers page shows them and marks them read.
  await reseller.reload();
  await expect(bell).toHaveAttribute('aria-label', `Notifications (${before + 2} unread)`);
  // The dashboard greets with its popup of the unread ones, each sanitised too.
  const popup = reseller.getByRole('dialog', { name: `Unread notifications (${before + 2})` });
  await expect(popup.getByText('Black Friday offer')).toBeVisible();
  await reseller.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await openGroup(reseller, 'Settings', 'Offers and Notifications');
  await expect(reseller.getByText('Black Friday offer')).toBeVisible();
  await expect(reseller.getByText('Twenty percent off every yearly code this week.')).toBeVisible();
  await expect(reseller.getByRole('main').locator('img[src^="data:image/png;base64,"]')).toHaveCount(1);
  await expect(reseller.getByText('Hostile offer')).toBeVisible();
  await expect(bell).toHaveAttribute('aria-label', `Notifications (${before} unread)`, { timeout: 10_000 });

  // 3. The social widget fills the footer's links, for the admin and for its resellers.
  await openGroup(page, 'Settings', 'Social Widget');
  await page.getByLabel('WhatsApp number').fill('1001234567');
  await page.getByLabel('Telegram username').fill('@panel_help');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Social widget saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/201001234567');
  await reseller.reload();
  await expect(reseller.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/201001234567');
  await expect(reseller.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', 'https://t.me/panel_help');
  expect(dialogs).toBe(0);

  // The later specs' dashboards must not greet their users with these offers.
  const headers = await bearer(page);
  const listed = await page.request.get('/api/get-notifications', { headers });
  for (const n of ((await listed.json()) as { data: { notifications: { id: number }[] } }).data.notifications) {
    expect((await page.request.delete(`/api/delete-notifications/${n.id}`, { headers })).ok()).toBe(true);
  }
});
