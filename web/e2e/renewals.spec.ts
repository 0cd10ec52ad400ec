import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { appIdOf, bearer, createFundedReseller, passPasscodeScreen, PASSWORD, playerCall, randomMac, signIn, signInAdmin, uniqueEmail } from './helpers';
import { E2E } from './env';

/** The reminder mail to `to` in the server's outbox, waited for (the pass checks every 2 s here), with its renewal link. */
async function renewalLinkMailedTo(to: string, slug: string): Promise<string> {
  const outbox = path.join(E2E.dataDir, 'outbox');
  const pattern = new RegExp(`${E2E.baseUrl.replace(/[.]/g, '\\.')}/store/${slug}/renew/[A-Za-z0-9_-]+`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
          const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
          if (!raw.includes(`To: ${to}`)) continue;
          link = pattern.exec(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[0];
          if (link) return true;
        }
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return link!;
}

/**
 * Issue 44 end to end: a reseller turns its store's customer reminders on in Sales → Storefront →
 * Reminders; its customer's device, on a 7-day trial, is due its 7-day reminder; the mail's renewal
 * link opens the store on a phone with the product and the MAC filled in; the customer orders,
 * the reseller's approval pays it, and the customer's page shows the device activated for a year.
 */
test('a customer reminder mail leads to a paid renewal through its link', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInAdmin(page);
  const ibo = await appIdOf(page, 'IBOPLAYER');
  const resellerEmail = await createFundedReseller(page, { label: 'renew', name: 'Renewals Reseller', appIds: [ibo], credit: 5 });
  const reseller = await (await browser.newContext()).newPage();
  await signIn(reseller, resellerEmail, PASSWORD);
  await passPasscodeScreen(reseller);
  const headers = await bearer(reseller);

  // The store, manual payment and a product (their screens are storefront.spec.ts's journey).
  const slug = `renew-${Date.now().toString(36)}`;
  expect((await reseller.request.put('/api/storefront', { headers, data: { slug, title: 'Renew TV', enabled: true, accent_color: '#0b5394', currency: 'EUR' } })).ok()).toBe(true);
  expect((await reseller.request.put('/api/storefront/manual', { headers, data: { enabled: true, instructions: 'PIX key: renew@pix.example' } })).ok()).toBe(true);
  expect((await reseller.request.post('/api/storefront/products', { headers, data: { name: 'IBO Player 1 year', app_ids: [ibo], package: 'one_year', price: 990 } })).ok()).toBe(true);

  // The customer's TV on its 7-day trial, linked to the customer (a trial device may be).
  const mac = randomMac();
  await playerCall(page.request, 'register', { app_id: ibo, mac_address: mac });
  const customerEmail = uniqueEmail('renewing');
  const created = await reseller.request.post('/api/customers', { headers, data: { name: 'Rui Costa', email: customerEmail } });
  const customerId = ((await created.json()) as { data: { id: number } }).data.id;
  expect((await reseller.request.post(`/api/customers/${customerId}/devices`, { headers, data: { mac_address: mac, app_id: ibo } })).ok()).toBe(true);

  // Sales → Storefront → Reminders: on, with the default milestones (7, 3 and 1 days before, 1 after).
  await reseller.goto('/storefront');
  await reseller.getByRole('tab', { name: 'Reminders' }).click();
  const panel = reseller.getByRole('tabpanel', { name: 'Reminders' });
  await panel.getByLabel('Send reminders to my customers').check();
  const saved = reseller.waitForResponse((r) => r.url().endsWith('/api/storefront/reminders') && r.request().method() === 'PUT');
  await panel.getByRole('button', { name: 'Save' }).first().click();
  expect((await saved).status()).toBe(200);

  // The 7-day milestone is due: the mail carries the renewal link, which opens the store pre-filled.
  const link = await renewalLinkMailedTo(customerEmail, slug);
  const customer = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await customer.goto(link);
  await expect(customer.getByLabel('MAC address of your device')).toHaveValue(new RegExp(`^${mac.replace(/[-:]/g, '[-:]')}$`, 'i'));
  await customer.getByLabel('E-mail').fill(customerEmail);
  await customer.getByRole('radio', { name: /Manual payment/ }).check();
  await customer.getByRole('button', { name: 'Place the order' }).click();
  await expect(customer).toHaveURL(new RegExp(`/store/${slug}/orders/\\d+`));
  const orderId = /\/orders\/(\d+)/.exec(customer.url())![1]!;

  // The reseller's approval pays it (the Orders screen's own journey is storefront.spec.ts's).
  expect((await reseller.request.post(`/api/storefront/orders/${orderId}/approve`, { headers })).ok()).toBe(true);
  const status = customer.getByRole('status').filter({ hasText: 'Your device is activated' });
  await expect(status).toBeVisible({ timeout: 20_000 });
  await expect(status).toContainText(new RegExp(`-${new Date().getUTCFullYear() + 1}\\.`));
});
