import { expect, test } from '@playwright/test';
import { latestMailTo } from './mail';
import { bearer, passPasscodeScreen, PASSWORD, signIn, signInAdmin, uniqueEmail } from './helpers';

test('an admin creates a role and a user, disables the user, and the user can no longer sign in', async ({ page, browser }) => {
  await signInAdmin(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('link', { name: 'Users and Roles' }).click();
  await expect(page).toHaveURL(/\/users-and-roles$/);

  // A role with two permissions, one of them through its group's "All" toggle.
  const roleName = `Support ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add role' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'Add role' });
  await roleDialog.getByLabel('Role name').fill(roleName);
  await roleDialog.getByRole('group', { name: 'Dashboard' }).getByRole('checkbox', { name: 'All', exact: true }).check();
  await roleDialog.getByRole('checkbox', { name: 'view-social-widget', exact: true }).check();
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('listitem', { name: roleName })).toBeVisible();

  // A user in that role: the invitation mail's link sets the password.
  const email = uniqueEmail('staff');
  await page.getByRole('button', { name: 'Add user' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add user' });
  await drawer.getByLabel('Name').fill('Samir Support');
  await drawer.getByLabel('Email').fill(email);
  await drawer.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: roleName }).click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();

  const invitation = await latestMailTo(email);
  const userPage = await (await browser.newContext()).newPage();
  await userPage.goto(invitation.link);
  await userPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await userPage.getByLabel('Confirm password').fill(PASSWORD);
  await userPage.getByRole('button', { name: 'Create password' }).click();
  await expect(userPage).toHaveURL(/\/login$/);

  // Disabled by the admin: the sign-in is refused with the blocked message.
  const status = page.getByRole('switch', { name: `${email} status` });
  await expect(status).toBeChecked();
  await status.click();
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  await expect(status).not.toBeChecked();

  await signIn(userPage, email, PASSWORD);
  await expect(userPage.getByText('Your account has been blocked by the administrator. Please contact support.')).toBeVisible();
  await expect(userPage).toHaveURL(/\/login$/);
});

test('the owner suspends an admin, who is signed out at once and cannot sign in until reinstated', async ({ page, browser }) => {
  await signInAdmin(page);
  // A second admin, invited through the API (the owner has no second factor here, so no step-up).
  const email = uniqueEmail('second-admin');
  const created = await page.request.post('/api/users', { headers: await bearer(page), data: { name: 'Second Admin', email, role: 1 } });
  expect(created.status()).toBe(201);
  const token = new URL((await latestMailTo(email)).link).searchParams.get('token');
  await page.request.post('/api/password/create', { data: { email, token, password: PASSWORD, password_confirmation: PASSWORD } });
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, email, PASSWORD, { admin: true });
  await passPasscodeScreen(adminPage);

  await page.goto('/users-and-roles');
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
  await row.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Suspend' }).click();
  await page.getByRole('dialog', { name: 'Suspend this admin?' }).getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('Admin suspended. Their sessions have ended and they were told by email.')).toBeVisible();
  await expect(row.getByText('Suspended')).toBeVisible();

  // Its open session is refused at its next call, and its password no longer signs in.
  await adminPage.reload();
  await expect(adminPage).toHaveURL(/login$/);
  await signIn(adminPage, email, PASSWORD, { admin: true });
  await expect(adminPage.getByText("Your admin account has been suspended by the panel's owner. Contact the owner to have it reinstated.")).toBeVisible();

  await row.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Reinstate' }).click();
  await page.getByRole('dialog', { name: 'Reinstate this admin?' }).getByRole('button', { name: 'Reinstate' }).click();
  await expect(row.getByText('Suspended')).toHaveCount(0);
  await signIn(adminPage, email, PASSWORD, { admin: true });
  await expect(adminPage).toHaveURL(/\/dashboard$/);
});

test('a reseller without user-roles is sent to 403 and sees no Users and Roles entry', async ({ page, request }) => {
  const email = uniqueEmail('reseller');
  await request.post('/api/register', { data: { name: 'Plain Reseller', email, tAndC: true } });
  const link = new URL((await latestMailTo(email)).link);
  await request.post('/api/password/create', {
    data: { email, token: link.searchParams.get('token'), password: PASSWORD, password_confirmation: PASSWORD },
  });
  await signIn(page, email, PASSWORD);
  await page.getByLabel('Passcode', { exact: true }).fill('1234');
  await page.getByLabel('Confirm passcode').fill('1234');
  await page.getByRole('button', { name: 'Save passcode' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Profile Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Users and Roles' })).toHaveCount(0);
  await page.goto('/users-and-roles');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByText('Error 403')).toBeVisible();
});

test('the sidebar turns into a hamburger menu at 768 px', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await signInAdmin(page);
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(burger).toBeVisible();
  // A collapsed navbar slides out of view rather than leaving the page.
  await expect(page.getByRole('link', { name: 'Dashboard' })).not.toBeInViewport();
  await burger.click();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeInViewport();
  await page.setViewportSize({ width: 1024, height: 900 });
  await expect(burger).toBeHidden();
});
