import { expect, test } from '@playwright/test';
import { latestMailTo } from './mail';
import { appIdOf, bearer, createFundedReseller, passPasscodeScreen, PASSWORD, signIn, signInAdmin, uniqueEmail } from './helpers';

test("a parent requires a second factor of its sub-resellers, and a sub-reseller's sign-in lands on the setup screen", async ({ page, browser }) => {
  await signInAdmin(page);
  const appId = await appIdOf(page, 'IBOPLAYER');
  const parentEmail = await createFundedReseller(page, { label: 'tfa-parent', name: 'Strict Parent', appIds: [appId], credit: 1 });

  const parentContext = await browser.newContext();
  const parent = await parentContext.newPage();
  await signIn(parent, parentEmail, PASSWORD);
  await passPasscodeScreen(parent);
  await parent.goto('/profile/security');
  const rule = parent.getByRole('switch', { name: /Require it of my sub-resellers/ });
  await expect(rule).toBeEnabled();
  await rule.click();
  await expect(rule).toBeChecked();

  // The sub-reseller, added by the parent and with its password chosen from the invitation.
  const subEmail = uniqueEmail('tfa-sub');
  const created = await parent.request.post('/api/add-subreseller', {
    headers: await bearer(parent),
    data: { requestData: { name: 'Careful Sub', email: subEmail, application_allowed: [appId] } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invitation = new URL((await latestMailTo(subEmail)).link);
  const password = await parent.request.post('/api/password/create', {
    data: { email: subEmail, token: invitation.searchParams.get('token'), password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(password.ok(), await password.text()).toBe(true);
  await parentContext.close();

  const subContext = await browser.newContext();
  const sub = await subContext.newPage();
  await signIn(sub, subEmail, PASSWORD);
  // Straight to the setup screen, before the passcode screen, with who requires it.
  await expect(sub).toHaveURL(/\/profile\/security$/);
  const banner = sub.getByRole('alert').filter({ hasText: 'Two-factor authentication is required' });
  await expect(banner).toContainText('Your parent reseller requires two-factor authentication for your account.');
  await expect(sub.getByRole('button', { name: 'Turn on two-factor authentication' })).toBeVisible();
  // Any other screen brings it back here.
  await sub.goto('/dashboard');
  await expect(sub).toHaveURL(/\/profile\/security$/);
  await subContext.close();
});
