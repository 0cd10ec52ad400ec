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
  await reseller.getByLabel('Title').fill('Playlist does not load');
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
  await details.getByRole('button', { name: 'Resolve' }).click();
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
