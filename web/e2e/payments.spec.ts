import { expect, test } from '@playwright/test';
import { bearer, openGroup, passPasscodeScreen, PASSWORD, signIn, signInAdmin, uniqueEmail } from './helpers';
import { latestMailTo } from './mail';

test('the admin adds a plan; a reseller buys it through the checkout page, sees its balance rise and the completed billing row', async ({ page, browser }) => {
  await signInAdmin(page);
  const headers = await bearer(page);
  const title = `Gold ${Date.now().toString(36)}`;

  // The admin adds the plan; a price with three decimals is refused with the contract's message first.
  await openGroup(page, 'Credit Plans', 'Payment Plans');
  await page.getByRole('button', { name: 'Add plan' }).click();
  const form = page.getByRole('dialog', { name: 'Add payment plan' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Price (EUR)').fill('19.999');
  await form.getByLabel('Credit points').fill('120');
  await form.getByLabel('Description').fill('120 points for the busy season');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('The price may have at most two decimals.')).toBeVisible();
  await form.getByLabel('Price (EUR)').fill('19.90');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('€19.90');
  await expect(card).toContainText('120 credit points');

  // A reseller of the admin's, signed in on its own browser.
  const apps = await page.request.get('/api/fetch-allowed-applications', { headers });
  const appId = ((await apps.json()) as { data: { ApplicationList: { id: number }[] } }).data.ApplicationList[0]!.id;
  const email = uniqueEmail('buyer');
  const added = await page.request.post('/api/add-resellers', { headers, data: { requestData: { name: 'Plan Buyer', email, application_allowed: [appId] } } });
  expect(added.status()).toBe(201);
  const invitation = new URL((await latestMailTo(email)).link);
  await page.request.post('/api/password/create', {
    data: { email, token: invitation.searchParams.get('token'), password: PASSWORD, password_confirmation: PASSWORD },
  });
  const reseller = await (await browser.newContext()).newPage();
  await signIn(reseller, email, PASSWORD);
  await passPasscodeScreen(reseller);
  await expect(reseller.getByTitle('Credit points')).toHaveText('0 credits');

  // Purchase Package leads to the built-in checkout, where Pay stands for the card payment.
  await openGroup(reseller, 'Credit Plans', 'Payment Plans');
  await reseller.getByRole('button', { name: `Purchase Package: ${title}` }).click();
  await reseller.getByRole('dialog', { name: 'Buy this payment plan?' }).getByRole('button', { name: 'Purchase Package' }).click();
  await expect(reseller).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await expect(reseller.getByText(title)).toBeVisible();
  await expect(reseller.getByText('€19.90')).toBeVisible();
  await reseller.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(reseller).toHaveURL(/\/billing$/);
  await expect(reseller.getByText('Payment received: your balance grew by 120 credit points.')).toBeVisible();
  await expect(reseller.getByTitle('Credit points')).toHaveText('120 credits');
  const row = reseller.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('€19.90');
  await expect(row).toContainText(/sandbox_[0-9a-f]{24}/);

  // The admin sees the buyer's completed order among all orders.
  await openGroup(page, 'Credit Plans', 'Billing Records');
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Completed');
});
