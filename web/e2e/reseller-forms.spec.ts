import { expect, test, type Page } from '@playwright/test';
import { latestMailTo } from './mail';
import { passPasscodeScreen, PASSWORD, signIn, signInAdmin, uniqueEmail } from './helpers';

/** Opens a screen of the sidebar's Reseller group. */
async function openResellerScreen(page: Page, link: string) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const group = nav.getByRole('button', { name: 'Reseller', exact: true });
  const entry = nav.getByRole('link', { name: link, exact: true });
  if (!(await entry.isVisible())) await group.click();
  await entry.click();
}

/** Picks applications in the multi-select by their names. */
async function pickApplications(page: Page, names: string[]) {
  await page.getByRole('combobox', { name: 'Applications' }).click();
  for (const name of names) await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('an admin adds a reseller, who adds a sub-reseller; the admin then renames the reseller and changes its password', async ({
  page,
  browser,
}) => {
  const resellerEmail = uniqueEmail('reseller');
  const subEmail = uniqueEmail('sub-reseller');

  // The admin adds a reseller with two applications.
  await signInAdmin(page);
  await openResellerScreen(page, 'Add Reseller');
  await expect(page).toHaveURL(/\/add-reseller$/);
  await page.getByRole('button', { name: 'Add reseller' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Please select at least one application.')).toBeVisible();

  await page.getByLabel('Name').fill('Nadia Reseller');
  await page.getByLabel('Email').fill(resellerEmail);
  await pickApplications(page, ['IBOPLAYER', 'BOBPLAYER']);
  await page.getByRole('button', { name: 'Add reseller' }).click();
  await expect(page.getByText('Reseller created successfully. A create-password email has been sent.')).toBeVisible();
  // Three seconds later, the reseller list.
  await expect(page).toHaveURL(/\/reseller-list$/);

  // The same e-mail again is refused under the e-mail field.
  await openResellerScreen(page, 'Add Reseller');
  await page.getByLabel('Name').fill('Someone Else');
  await page.getByLabel('Email').fill(resellerEmail);
  await pickApplications(page, ['IBOPLAYER']);
  await page.getByRole('button', { name: 'Add reseller' }).click();
  await expect(page.getByText('The email is already taken.')).toBeVisible();

  // The new reseller chooses its password from the invitation and signs in.
  const reseller = await (await browser.newContext()).newPage();
  const invitation = await latestMailTo(resellerEmail);
  expect(invitation.link).toContain('/create-password?email=');
  await reseller.goto(invitation.link);
  await reseller.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await reseller.getByLabel('Confirm password').fill(PASSWORD);
  await reseller.getByRole('button', { name: 'Create password' }).click();
  await expect(reseller).toHaveURL(/\/login$/);
  await signIn(reseller, resellerEmail, PASSWORD);
  await passPasscodeScreen(reseller);

  // It adds a sub-reseller with one of its own applications: only its two are offered.
  await openResellerScreen(reseller, 'Add Sub-Reseller');
  await expect(reseller).toHaveURL(/\/add-sub-reseller$/);
  await reseller.getByLabel('Name').fill('Sami Sub');
  await reseller.getByLabel('Email').fill(subEmail);
  await reseller.getByRole('combobox', { name: 'Applications' }).click();
  await expect(reseller.getByRole('listbox', { name: 'Applications' }).getByRole('option')).toHaveCount(2);
  await expect(reseller.getByRole('option', { name: 'IBOPLAYER', exact: true })).toBeVisible();
  await reseller.getByRole('option', { name: 'BOBPLAYER', exact: true }).click();
  await reseller.keyboard.press('Escape');
  await reseller.getByRole('button', { name: 'Add sub-reseller' }).click();
  await expect(reseller.getByText('Sub-reseller created successfully. A create-password email has been sent.')).toBeVisible();

  // Three seconds later, its own sub-reseller list, which holds the new sub-reseller.
  await expect(reseller).toHaveURL(/\/sub-reseller-list\/\d+$/);
  const resellerId = /\/sub-reseller-list\/(\d+)$/.exec(reseller.url())![1]!;
  await expect(reseller.getByText(`Parent reseller: ${resellerEmail}`)).toBeVisible();
  const table = reseller.getByRole('table', { name: 'Sub-resellers' });
  const row = table.getByRole('row').filter({ hasText: subEmail });
  await expect(row).toContainText('Sami Sub');
  await expect(row).toContainText('Active');
  // A reseller holds neither 'Credit Passcode' nor 'Web Logo': those columns are not shown.
  await expect(table.getByRole('columnheader', { name: 'Credit Passcode' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Web Logo' })).toHaveCount(0);
  await reseller.getByLabel('Search sub-resellers').fill('nobody-matches-this');
  await expect(table.getByText('No records found')).toBeVisible();
  await reseller.getByLabel('Search sub-resellers').fill('');
  await expect(row).toBeVisible();

  // The admin renames the reseller.
  await page.goto(`/edit-reseller/${resellerId}`);
  const details = page.getByRole('form', { name: 'Reseller details' });
  await expect(details.getByLabel('Name')).toHaveValue('Nadia Reseller');
  await expect(details.getByLabel('Email')).toHaveValue(resellerEmail);
  await details.getByLabel('Name').fill('Nadia Renamed');
  await details.getByRole('button', { name: 'Update reseller' }).click();
  await expect(page.getByText('Reseller updated successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/reseller-list$/);

  // ... and changes its password in the separate form.
  await page.goto(`/edit-reseller/${resellerId}`);
  await expect(page.getByRole('form', { name: 'Reseller details' }).getByLabel('Name')).toHaveValue('Nadia Renamed');
  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Password is required')).toBeVisible();
  await password.getByRole('textbox', { name: 'New password', exact: true }).fill('weakpassword');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Password must contain at least one capital letter')).toBeVisible();
  await password.getByRole('textbox', { name: 'New password', exact: true }).fill('Changed@456');
  await password.getByRole('textbox', { name: 'Confirm new password' }).fill('Changed@457');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Passwords do not match')).toBeVisible();
  await password.getByRole('textbox', { name: 'Confirm new password' }).fill('Changed@456');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfully.')).toBeVisible();

  // The reseller's session ended with the new password; the new one signs it in.
  await reseller.reload();
  await expect(reseller).toHaveURL(/\/login$/);
  await signIn(reseller, resellerEmail, 'Changed@456');
  await expect(reseller).toHaveURL(/\/dashboard$/);
});
