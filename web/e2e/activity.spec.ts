import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { appIdOf, createFundedReseller, openGroup, pickOption, signInAdmin } from './helpers';

test('the Activity screen, filtered to credit moves, shows a credit share as a sentence', async ({ page }) => {
  await signInAdmin(page);
  const email = await createFundedReseller(page, { label: 'activity', name: 'Activity Reseller', appIds: [await appIdOf(page, 'IBOPLAYER')], credit: 42 });

  await openGroup(page, 'Security', 'Activity');
  await pickOption(page.getByRole('combobox', { name: 'Event' }), 'Credit moves');
  await page.getByRole('searchbox', { name: 'Account' }).fill(email);

  const table = page.getByRole('table', { name: 'Activity' });
  const row = table.getByRole('row').filter({ hasText: `${E2E.adminEmail} recharged ${email} with 42 credit points` }).first();
  await expect(row).toBeVisible();
  // The details in words, never the stored field names or the ledger's ids.
  await expect(row.getByRole('cell').last()).toHaveText('Type of move: Added credit · Amount: 42');
  await expect(table.getByText(`${E2E.adminEmail} signed in`)).toHaveCount(0);
});
