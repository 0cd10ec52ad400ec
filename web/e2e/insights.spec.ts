import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { activateAs, appIdOf, createFundedReseller, PASSWORD, passPasscodeScreen, playerCall, randomMac, signIn, signInAdmin } from './helpers';

/** A UTC day `days` days from today, as yyyy-mm-dd (the Insights screen counts UTC days). */
const utcDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a reseller opens Insights, switches the range and downloads the activations chart as CSV', async ({ page, browser }) => {
  await signInAdmin(page);
  const ibo = await appIdOf(page, 'IBOPLAYER');
  const email = await createFundedReseller(page, { label: 'insights', name: 'Insights Reseller', appIds: [ibo], credit: 5 });
  const mac = randomMac();
  await playerCall(page.request, 'register', { app_id: ibo, mac_address: mac });
  await activateAs(page, email, mac, [ibo]);

  const reseller = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(reseller, email, PASSWORD);
  await passPasscodeScreen(reseller);
  await reseller.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Insights', exact: true }).click();
  await expect(reseller).toHaveURL(/\/insights$/);
  await expect(reseller.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  // The last 30 days by default: the reseller's one activation, one credit.
  const activations = reseller.getByRole('region', { name: 'Activations', exact: true });
  await expect(activations.getByText('1 activation in the range, 0 undone or refunded')).toBeVisible();
  await expect(reseller.getByRole('region', { name: 'Credits spent' }).getByText('1 credit spent in the range, net of refunds')).toBeVisible();

  // Another range: the screen asks the API for the last 7 days.
  const [asked] = await Promise.all([
    reseller.waitForRequest((r) => r.url().includes('/api/insights/activations') && new URL(r.url()).searchParams.get('from') === utcDay(-6)),
    reseller.getByText('Last 7 days', { exact: true }).click(),
  ]);
  expect(new URL(asked.url()).searchParams.get('to')).toBe(utcDay());
  await expect(activations.getByText('1 activation in the range, 0 undone or refunded')).toBeVisible();

  // The chart's figures as a table, then as a file: one line per day of the range, today's with the activation.
  await activations.getByRole('radiogroup', { name: 'View of Activations' }).getByText('Table', { exact: true }).click();
  await expect(activations.getByRole('table', { name: 'Activations' }).getByRole('row')).toHaveCount(8);
  const [download] = await Promise.all([reseller.waitForEvent('download'), activations.getByRole('button', { name: 'Download CSV: Activations' }).click()]);
  expect(download.suggestedFilename()).toBe(`insights-activations-by-application-day-${utcDay(-6)}_${utcDay()}.csv`);
  const lines = (await fs.readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Day,IBOPLAYER,Total,Undone or refunded');
  expect(lines).toHaveLength(8);
  expect(lines[1]).toBe(`${utcDay(-6)},0,0,0`);
  expect(lines[7]).toBe(`${utcDay()},1,1,0`);
});
