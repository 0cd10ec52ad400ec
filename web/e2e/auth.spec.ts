import { expect, test } from '@playwright/test';
import { latestMailTo } from './mail';
import { PASSCODE, PASSWORD, signIn, uniqueEmail } from './helpers';

test('a reseller signs up, creates a password from the mail, sets a passcode and reaches the dashboard', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/sign-up');
  await page.getByLabel('Name').fill('Nadia Reseller');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/verify-your-email/);
  await expect(page.getByText(email)).toBeVisible();

  const mail = await latestMailTo(email);
  expect(mail.link).toContain('/create-password?email=');
  await page.goto(mail.link);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/set-passcode-modal$/);
  await page.getByLabel('Passcode', { exact: true }).fill(PASSCODE);
  await page.getByLabel('Confirm passcode').fill(PASSCODE);
  await page.getByRole('button', { name: 'Save passcode' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Nadia Reseller').first()).toBeVisible();

  // The link works once: a second visit is refused.
  await page.context().clearCookies();
  await page.goto(mail.link);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create password' }).click();
  await expect(page.getByText('Token expired').first()).toBeVisible();
});

test('a forgotten password is reset from the mailed link', async ({ page, request }) => {
  const email = uniqueEmail('forgot');
  // An account with a password, made through the API as a person would through the screens.
  await request.post('/api/register', { data: { name: 'Forgetful', email, tAndC: true } });
  const create = new URL((await latestMailTo(email)).link);
  await request.post('/api/password/create', {
    data: { email, token: create.searchParams.get('token'), password: PASSWORD, password_confirmation: PASSWORD },
  });

  await page.goto('/forget-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('button', { name: 'Email sent' })).toBeDisabled();
  // The mail may land after the answer: the newest one is still the account's creation mail until then.
  const mail = await latestMailTo(email, '/reset-password/');
  expect(mail.link).toContain('/reset-password/');

  await page.goto(mail.link);
  await page.getByLabel('Password', { exact: true }).fill('Changed@456');
  await page.getByLabel('Confirm password').fill('Changed@456');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, 'Changed@456');
  await expect(page).toHaveURL(/\/set-passcode-modal$/);
});
