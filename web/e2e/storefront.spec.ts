import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { appIdOf, createFundedReseller, openGroup, passPasscodeScreen, PASSWORD, playerCall, randomMac, signIn, signInAdmin, uniqueEmail } from './helpers';
import { latestMailTo } from './mail';

/**
 * Issue 43 end to end: a reseller opens its store (settings, manual payment, a product) in
 * Sales; a player registers a device; a customer, without any account, buys an activation for it
 * on the public page at 375 px and sees how to pay; the reseller approves the order in Sales →
 * Orders; the customer's order page, which follows the order by itself, shows it activated with
 * the new expiry; and the receipt is in the customer's mailbox.
 */
test('a customer buys an activation on a reseller’s store, the reseller approves it, the device is activated and the receipt sent', async ({ page, browser }) => {
  // Two sign-ins, a funded reseller, three settings forms and a 5 s poll: about a minute on a busy machine.
  test.setTimeout(90_000);
  await signInAdmin(page);
  const ibo = await appIdOf(page, 'IBOPLAYER');
  const resellerEmail = await createFundedReseller(page, { label: 'store', name: 'Store Reseller', appIds: [ibo], credit: 5 });
  const reseller = await (await browser.newContext()).newPage();
  await signIn(reseller, resellerEmail, PASSWORD);
  await passPasscodeScreen(reseller);

  // Sales → Storefront: the store's name, address, colour and currency, then manual payment.
  const slug = `e2e-${Date.now().toString(36)}`;
  await openGroup(reseller, 'Sales', 'Storefront');
  await reseller.getByLabel('Store name').fill('Night TV');
  await reseller.getByLabel('Store address').fill(slug);
  await reseller.getByLabel('Accent colour').fill('#0b5394');
  await reseller.keyboard.press('Escape');
  const currency = reseller.getByRole('combobox', { name: 'Currency' });
  await currency.fill('EUR');
  await reseller.getByRole('option', { name: /^EUR/ }).click();
  await expect(currency).toHaveValue(/^EUR/);
  await reseller.getByRole('button', { name: 'Create the store' }).click();
  // Once the store exists, its payment methods show below the settings.
  const manual = reseller.locator('form').filter({ has: reseller.getByLabel('Offer manual payment') });
  await manual.getByLabel('Offer manual payment').check();
  await manual.getByLabel('Instructions for the customer').fill('PIX key: night-tv@pix.example\nSend the receipt on WhatsApp.');
  const saved = reseller.waitForResponse((r) => r.url().endsWith('/api/storefront/manual') && r.request().method() === 'PUT');
  await manual.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);

  // Sales → Products: one year of IBOPLAYER for 9.90 EUR.
  await openGroup(reseller, 'Sales', 'Products');
  await reseller.getByRole('button', { name: 'Add product' }).click();
  const productForm = reseller.getByRole('dialog', { name: 'Add product' });
  await productForm.getByLabel('Product name').fill('IBO Player 1 year');
  await productForm.getByRole('combobox', { name: 'Apps' }).click();
  await reseller.getByRole('option', { name: 'IBOPLAYER' }).click();
  await productForm.getByRole('combobox', { name: 'Package' }).click();
  await reseller.getByRole('option', { name: 'One year' }).click();
  await productForm.getByLabel('Price').fill('9.90');
  await productForm.getByRole('button', { name: 'Save' }).click();
  await expect(productForm).toBeHidden();

  // The customer's TV: the app registers its MAC address (a trial), as the store asks first.
  const mac = randomMac();
  await playerCall(page.request, 'register', { app_id: ibo, mac_address: mac });

  // The customer, on a phone, in a browser that has never seen the panel.
  const customerEmail = uniqueEmail('customer');
  const customer = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await customer.goto(`/store/${slug}`);
  await expect(customer.getByRole('heading', { level: 1, name: 'Night TV' })).toBeVisible();
  const product = customer.getByRole('listitem', { name: 'IBO Player 1 year' });
  await expect(product.getByText('€9.90')).toBeVisible();
  await expect(product.getByText('1 year', { exact: true })).toBeVisible();
  // Fits the phone: nothing wider than its screen, and no accessibility violation.
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const axe = await new AxeBuilder({ page: customer }).setLegacyMode().withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact !== 'minor').map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);

  await product.getByRole('button', { name: 'Buy' }).click();
  await expect(customer.getByText('Open the app on your TV first, then enter the MAC address it shows.')).toBeVisible();
  await customer.getByLabel('MAC address of your device').fill(mac);
  await customer.getByLabel('E-mail').fill(customerEmail);
  await customer.getByLabel('Your name (optional)').fill('Ana Souza');
  await customer.getByRole('radio', { name: /Manual payment/ }).check();
  await customer.getByRole('button', { name: 'Place the order' }).click();

  // The order's page: how to pay, and the order waiting for the store. The token is not in the address.
  await expect(customer).toHaveURL(new RegExp(`/store/${slug}/orders/\\d+\\?lang=en$`));
  await expect(customer.getByText('Waiting for the store to confirm your payment')).toBeVisible();
  await expect(customer.getByText('PIX key: night-tv@pix.example')).toBeVisible();
  const orderId = /\/orders\/(\d+)/.exec(customer.url())![1]!;

  // Sales → Orders: the reseller sees the money arrived and approves.
  await openGroup(reseller, 'Sales', 'Orders');
  await reseller.getByRole('button', { name: `Actions for order ${orderId}` }).click();
  await reseller.getByRole('menuitem', { name: 'Approve' }).click();
  await reseller.getByRole('dialog', { name: `Approve order ${orderId}?` }).getByRole('button', { name: 'Approve and activate' }).click();

  // The customer's page follows the order by itself (every 5 s): activated, with the new expiry.
  const status = customer.getByRole('status').filter({ hasText: 'Your device is activated' });
  await expect(status).toBeVisible({ timeout: 20_000 });
  const nextYear = new Date().getUTCFullYear() + 1;
  await expect(status).toContainText(new RegExp(`It is active until \\d{2}-\\d{2}-${nextYear}\\.`));

  // The receipt, in the customer's mailbox: the store, the product and the device.
  const receipt = await latestMailTo(customerEmail);
  expect(receipt.link).toContain(`/store/${slug}/orders/${orderId}`);
  const text = receipt.raw.replace(/=\r?\n/g, '').toLowerCase();
  expect(text).toContain('night tv');
  expect(text).toContain('ibo player 1 year');
  expect(text).toContain(mac.toLowerCase().replace(/-/g, ':'));
});
