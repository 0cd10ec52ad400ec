import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { activateAs, adminRecharge, appIdOf, bearer, createFundedReseller, playerCall, randomMac, signInAdmin } from './helpers';
import { EXPIRING_WITHIN_DAYS_MAX } from '@panel/contract';
import { E2E } from './env';

test.use({ viewport: { width: 375, height: 740 } });

const PAGES = ['/dashboard', '/reseller-list', '/multi-apps-activation', '/bulk-activation', '/user-list', '/renewals-due', '/transactions-logs', '/credit-point-share-log', '/users-and-roles'];

async function expectNoSidewaysScroll(page: Page) {
  const sideways = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
  expect(sideways, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Every control of the top bar lies inside the screen, the h1 is not repeated there, and the page does not scroll sideways. */
async function expectPhoneLayout(page: Page, labels: { menu: string; mode: RegExp; language: RegExp; bell: RegExp; credit: string }) {
  const header = page.getByRole('banner');
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await expect(header.getByText(title, { exact: true })).toHaveCount(0);
  const controls = [
    header.getByRole('button', { name: labels.menu }),
    header.getByRole('button', { name: labels.mode }),
    header.getByTitle(labels.credit),
    header.getByRole('button', { name: labels.language }),
    header.getByRole('button', { name: labels.bell }),
  ];
  for (const control of controls) {
    await expect(control).toBeVisible();
    const box = (await control.boundingBox())!;
    expect(box.x, `${await control.textContent()} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await control.textContent()} ends inside the screen`).toBeLessThanOrEqual(375);
  }
  await expectNoSidewaysScroll(page);
}

test('on a phone the top bar keeps every control on screen and no page scrolls sideways, nor the results of a bulk check, in English and Arabic', async ({ page }) => {
  // Every page twice (English, Arabic): over a minute alone, twice that beside another spec.
  test.setTimeout(300_000);
  await signInAdmin(page);
  await adminRecharge(page, E2E.adminEmail, 1_250_000);
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expectPhoneLayout(page, { menu: 'Toggle navigation', mode: /^Mode/, language: /^Language/, bell: /^Notifications/, credit: 'Credit points' });
  }
  await expectBulkCheckCards(page, 'en');
  // The balance is compact: the number and an icon (other specs move the admin's credit meanwhile: only the form is checked).
  await expect(page.getByRole('banner').getByTitle('Credit points')).toHaveText(/^\d{1,3}(\.\d)?M$/);

  // The language is a compact menu.
  await page.getByRole('banner').getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expectPhoneLayout(page, { menu: 'إظهار القائمة أو إخفاؤها', mode: /^الوضع/, language: /^اللغة/, bell: /^الإشعارات/, credit: 'نقاط الرصيد' });
  }
  await expectBulkCheckCards(page, 'ar');
  await page.evaluate(() => localStorage.removeItem('locale'));
});

type Texts = Record<string, Record<string, unknown>>;
const panelTexts = (locale: string) => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../src/i18n/locales/panel/${locale}.json`), 'utf8')) as Texts;

/** The card's line labelled `label` (the column's header, shown beside its value on a phone). */
const line = (card: Locator, label: string) => card.getByRole('cell').filter({ has: card.page().getByText(label, { exact: true }) });

/** Every line of the card is inside the screen's width; the lines that matter are in view without scrolling. */
async function expectCardOnScreen(card: Locator, lead: Locator[]) {
  for (const cell of await card.getByRole('cell').all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x, `${await cell.textContent()} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await cell.textContent()} ends inside the screen`).toBeLessThanOrEqual(375);
  }
  for (const cell of lead) await expect(cell).toBeInViewport();
}

/** A bulk check's result (a malformed MAC, nothing charged) is a card inside the screen, its status first. */
async function expectBulkCheckCards(page: Page, locale: string) {
  const status = (panelTexts(locale).bulkActivation as { status: Record<string, string> }).status;
  await page.goto('/bulk-activation');
  const csv = 'mac_address,apps,package,comment\n00:11:22:33:44,IBOPLAYER,1-year,A MAC one pair short\n';
  await page.locator('input[type="file"]').setInputFiles({ name: 'phone.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const card = page.getByRole('table').getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('cell').first()).toContainText(status.error!);
  await expectCardOnScreen(card, []);
  await expectNoSidewaysScroll(page);
}

test('on a phone Billing Records and Renewals Due show each row as a card, status, amount and expiry first, in English and Arabic', async ({ page }) => {
  await signInAdmin(page);
  const headers = await bearer(page);
  // A paid order of a plan with a long title, through the sandbox checkout's API.
  const title = `Season pack for the busiest resellers ${Date.now().toString(36)}`;
  const plan = await page.request.post('/api/add-payment-plans', { headers, data: { title, price: '19.90', description: 'Points for the season', credit_points: 120 } });
  expect(plan.ok(), await plan.text()).toBe(true);
  const planId = ((await plan.json()) as { data: { id: number } }).data.id;
  const order = await page.request.post('/api/purchase-package', { headers, data: { payment_plan_id: planId } });
  expect(order.ok(), await order.text()).toBe(true);
  const orderId = ((await order.json()) as { data: { orderId: string } }).data.orderId;
  const paid = await page.request.post(`/api/payments/sandbox/${orderId}`, { headers, data: { outcome: 'paid' } });
  expect(paid.ok(), await paid.text()).toBe(true);
  // A device a reseller of the admin's activated for a year: due for renewal within 365 days.
  const ibo = await appIdOf(page, 'IBOPLAYER');
  const reseller = await createFundedReseller(page, { label: 'phone-renewal', name: 'Phone Reseller', appIds: [ibo], credit: 5 });
  const mac = randomMac();
  await playerCall(page.request, 'register', { app_id: ibo, mac_address: mac });
  await activateAs(page, reseller, mac, [ibo]);
  // Its year starts after the 7-day trial, past the widest tab (365 days): the list is asked for
  // the contract's widest window instead, still answered by the server.
  await page.route('**/api/expiring-devices?*', async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('within_days', String(EXPIRING_WITHIN_DAYS_MAX));
    await route.fulfill({ response: await route.fetch({ url: url.toString() }) });
  });

  for (const locale of ['en', 'ar']) {
    const texts = panelTexts(locale);
    const billing = texts.billing as { table: string; columns: Record<string, string>; statuses: Record<string, string> };
    const renewals = texts.renewals as { columns: Record<string, string> };
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);

    await page.goto('/billing');
    const order = page.getByRole('table', { name: billing.table }).getByRole('row').filter({ hasText: title });
    const status = line(order, billing.columns.status!);
    const amount = line(order, billing.columns.amount!);
    await expect(status).toContainText(billing.statuses.completed!);
    if (locale === 'en') await expect(amount).toContainText('€19.90');
    await expectCardOnScreen(order, [status, amount]);
    await expectNoSidewaysScroll(page);

    await page.goto('/renewals-due');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(4);
    // The tabs keep to one row.
    const tops = await Promise.all((await tabs.all()).map(async (tab) => (await tab.boundingBox())!.y));
    expect(new Set(tops).size).toBe(1);
    await tabs.last().click();
    const device = page.getByRole('table').getByRole('row').filter({ has: page.getByRole('cell') }).first();
    const expiry = line(device, renewals.columns.expiry!);
    await expect(expiry).toBeVisible();
    // "in 365 days" on one line, not broken after its digits.
    const relative = expiry.locator('p').first();
    expect(await relative.evaluate((p) => p.getBoundingClientRect().height < 1.5 * parseFloat(getComputedStyle(p).lineHeight))).toBe(true);
    await expectCardOnScreen(device, [expiry]);
    await expectNoSidewaysScroll(page);
  }
  await page.evaluate(() => localStorage.removeItem('locale'));
});

/** Long forms whose submit button is their last line. */
const FORMS = ['/add-reseller', '/profile-setting', '/create-ticket', '/add-res-notif'];

test('on a phone the sticky footer never covers a form\'s submit button scrolled to the bottom, in English and Arabic', async ({ page }) => {
  await signInAdmin(page);
  for (const locale of ['en', 'ar']) {
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    for (const path of FORMS) {
      await page.goto(path);
      const submit = page.getByRole('main').locator('form button[type="submit"]').last();
      await expect(submit).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(submit).toBeInViewport({ ratio: 1 });
      // What a tap at the button's centre reaches is the button, not the footer above it.
      const reached = await submit.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && button.contains(hit);
      });
      expect(reached, `${path} (${locale}): the submit button is not covered`).toBe(true);
      // Nor while scrolling: on a phone the footer follows the content rather than lying over it.
      expect(await page.getByRole('contentinfo').evaluate((footer) => getComputedStyle(footer).position)).toBe('static');
      const footer = (await page.getByRole('contentinfo').boundingBox())!;
      const button = (await submit.boundingBox())!;
      expect(button.y + button.height, `${path} (${locale}): the button ends above the footer`).toBeLessThanOrEqual(footer.y);
    }
  }

  // Insights → Runway: a long e-mail breaks before its '@', not mid-word, and its DORMANT badge is whole.
  await page.evaluate(() => localStorage.removeItem('locale'));
  const email = await createFundedReseller(page, { label: 'a-rather-long-mailbox-for-the-runway', name: 'Runway', appIds: [await appIdOf(page, 'IBOPLAYER')], credit: 5 });
  // Its first page, by name ('a-…' first), whatever the other specs' sub-resellers spent.
  await page.route('**/api/insights/runway?*', async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('sort', 'username');
    url.searchParams.set('order', 'asc');
    await route.fulfill({ response: await route.fetch({ url: url.toString() }) });
  });
  await page.goto('/insights');
  const row = page.getByRole('table', { name: 'Runway per sub-reseller' }).getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  const badge = row.getByText('Dormant', { exact: true });
  expect(await badge.evaluate((label) => label.scrollWidth <= label.clientWidth), 'the badge is not cut').toBe(true);
  // Each new line of the address starts after a hyphen or at its '@' or a dot.
  const breaks = await row.getByText(email).evaluate((text) => {
    const chars: { char: string; top: number }[] = [];
    const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.textContent!.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        chars.push({ char: node.textContent![i]!, top: range.getBoundingClientRect().top });
      }
    }
    return chars.flatMap((c, i) => (i > 0 && c.top > chars[i - 1]!.top + 2 ? [`${chars[i - 1]!.char}|${c.char}`] : []));
  });
  for (const at of breaks) expect(at, 'the e-mail breaks at a hyphen, its @ or a dot').toMatch(/^-\||\|[@.]$/);
});
