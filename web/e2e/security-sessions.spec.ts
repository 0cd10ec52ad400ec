import { expect, test } from '@playwright/test';
import { appIdOf, createFundedReseller, openGroup, passPasscodeScreen, PASSWORD, signIn, signInAdmin } from './helpers';

test('a reseller ends its session in another browser from the sessions screen, and that browser is sent to the sign-in page', async ({ page, browser }) => {
  await signInAdmin(page);
  const email = await createFundedReseller(page, { label: 'sessions', name: 'Session Reseller', appIds: [await appIdOf(page, 'IBOPLAYER')], credit: 1 });

  const laptop = await (await browser.newContext()).newPage();
  await signIn(laptop, email, PASSWORD);
  await passPasscodeScreen(laptop);
  const phone = await (await browser.newContext()).newPage();
  await signIn(phone, email, PASSWORD);
  await passPasscodeScreen(phone);

  await openGroup(laptop, 'Settings', 'Security');
  const table = laptop.getByRole('table', { name: 'Signed-in sessions' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByText('This device')).toHaveCount(1);
  await expect(laptop.getByText('1 other session is signed in.')).toBeVisible();

  await table.getByRole('button', { name: /^End the session of/ }).click();
  const dialog = laptop.getByRole('dialog', { name: 'End this session?' });
  await dialog.getByRole('button', { name: 'End session' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(laptop.getByText('No other session is signed in.')).toBeVisible();

  await phone.goto('/dashboard');
  await expect(phone).toHaveURL(/\/login$/);
  // The laptop stays signed in.
  await laptop.reload();
  await expect(table.getByText('This device')).toBeVisible();
});
