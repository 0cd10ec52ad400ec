import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { activateAs, appIdOf, bearer, createFundedReseller, playerCall, randomMac, signInAdmin } from './helpers';
import { E2E } from './env';

/**
 * Every route of the route table, checked by axe-core with the WCAG 2.1 A and AA rules: no
 * critical, serious or moderate violation. Axe reads joined Arabic letters as an icon font and
 * skips its contrast check on them, so the contrast rule runs on the English pass (in the light
 * and the dark scheme) and every other rule in both languages. The shell around the screens (top
 * bar, sidebar) is checked whole on each pass's first screen and left out of the others.
 */
/** The public routes and the signed-in ones (a lazy chunk of their own). */
const ROUTE_TABLE = ['routes.tsx', 'private-routes.tsx'].map((file) => fs.readFileSync(path.resolve(import.meta.dirname, '../src/app', file), 'utf8')).join('\n');
const ALL_PATHS = [...ROUTE_TABLE.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!);
const GUEST_PATHS = ['/login', `/${E2E.adminPrefix}/admin-login`, '/sign-up', '/forget-password', '/reset-password/not-a-token', '/create-password', '/update-email', '/verify-your-email', '/email-verification-page'];
const SEVERE = new Set(['critical', 'serious', 'moderate']);

/** `withoutShell`: the top bar and the sidebar, the same on every screen, are left out. */
async function violations(page: Page, rules: { contrast: boolean; only?: string; withoutShell?: boolean }) {
  // Legacy mode runs axe in the page itself: the default opens a new page for every check to merge
  // the results of frames the panel does not have (half the time of a check, measured 2026-12-07).
  const builder = new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (rules.withoutShell) builder.exclude('.mantine-AppShell-header').exclude('.mantine-AppShell-navbar');
  if (!rules.contrast) builder.disableRules(['color-contrast']);
  if (rules.only) builder.withRules([rules.only]);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => SEVERE.has(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).slice(0, 3).join(' | ')}`);
}

/** Waits for the screen to settle: its heading is shown and nothing is loading. */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * The passes over every signed-in screen, a test each. The English one checks each screen in the
 * light scheme, then turns the same page dark (as a change made in another tab does) and checks the
 * contrast again: one load for both schemes.
 */
const PASSES = [
  { title: 'in English, light and dark', locale: 'en', rules: { contrast: true }, dark: true },
  { title: 'in Arabic, light (contrast aside, see above)', locale: 'ar', rules: { contrast: false }, dark: false },
] as const;

/** Switches the loaded page's colour scheme through Mantine's own storage listener. */
async function turnScheme(page: Page, scheme: 'dark' | 'light') {
  await page.evaluate((value) => {
    localStorage.setItem('color-scheme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'color-scheme', newValue: value, storageArea: localStorage }));
  }, scheme);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/**
 * Goes to `route` through the app's own router, as a click on a link does: one page load per pass
 * (a full load of each screen took as long as its check). The error page in between is another
 * component, so the heading awaited after it is the new screen's and not the last one's.
 */
async function visit(page: Page, route: string) {
  const go = (to: string) => page.evaluate((path) => (history.pushState(null, '', path), dispatchEvent(new PopStateEvent('popstate'))), to);
  await go('/404');
  const between = await page.getByRole('heading', { level: 1 }).first().elementHandle();
  await go(route);
  await page.waitForFunction((heading) => !heading?.isConnected, between);
  await settled(page);
}

/**
 * Some data for the screens to show, as the admin signed in on `page`: a funded reseller and an
 * activated device. Answers every signed-in route with its parameters filled in.
 */
async function signedInPaths(page: Page) {
  await signInAdmin(page);
  const ibo = await appIdOf(page, 'IBOPLAYER');
  const resellerEmail = await createFundedReseller(page, { label: 'a11y', name: 'Axe Reseller', appIds: [ibo], credit: 5 });
  const list = await page.request.get('/api/total-resellers/list', { headers: await bearer(page), params: { search_title: resellerEmail } });
  const resellerId = ((await list.json()) as { data: { data: { id: number }[] } }).data.data[0]!.id;
  const mac = randomMac();
  await playerCall(page.request, 'register', { app_id: ibo, mac_address: mac });
  await activateAs(page, resellerEmail, mac, [ibo]);

  // The admin's own store with a product, and a customer, for the Sales screens and the public store page (issue 43).
  const headers = await bearer(page);
  const slug = `a11y-${Date.now().toString(36)}`;
  const store = { slug, title: 'Axe TV', enabled: true, accent_color: '#1864ab', currency: 'EUR', support: { email: 'help@axe.example' } };
  expect((await page.request.put('/api/storefront', { headers, data: store })).ok()).toBe(true);
  expect((await page.request.put('/api/storefront/manual', { headers, data: { enabled: true, instructions: 'PIX key: axe@example.com' } })).ok()).toBe(true);
  expect((await page.request.post('/api/storefront/products', { headers, data: { name: 'One year', app_ids: [ibo], package: 'one_year', price: 990 } })).ok()).toBe(true);
  const customer = await page.request.post('/api/customers', { headers, data: { name: 'Axe Customer', email: `customer-${slug}@example.com` } });
  const customerId = ((await customer.json()) as { data: { id: number } }).data.id;

  // A code and an order no one holds: the editor, the checkout and the store's order page show their not-found messages, which are checked too.
  const params: Record<string, string> = {
    ':resellerId': String(resellerId),
    ':id': String(ibo),
    ':codeValue': '00000000000000',
    ':orderId': '00000000-0000-4000-8000-000000000000',
    ':slug': slug,
    ':token': 'not-a-renewal-token',
  };
  const paths = ALL_PATHS.filter((p) => !GUEST_PATHS.includes(p) && !p.startsWith('/:prefix') && !p.startsWith('/reset-password/')).map((p) =>
    p.startsWith('/customers/:id') ? `/customers/${customerId}` : p.replace(/:\w+/g, (name) => params[name]!),
  );
  expect(paths.length).toBeGreaterThan(25);
  // Every route of the table is here as soon as it is added; Insights (issue 27) is named so that dropping it fails.
  expect(paths).toContain('/insights');
  return paths;
}

for (const { title, locale, rules, dark } of PASSES) {
  test(`every screen has one h1 and passes axe (WCAG 2.1 A and AA) at 1280 px ${title}`, async ({ page }) => {
    // About 30 screens with axe on each: 2 to 4 minutes beside another spec in CI (2026-12-07), up to 5 on a busy machine.
    test.setTimeout(900_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const paths = await signedInPaths(page);
    const found: string[] = [];
    // The locale and the scheme are read from the storage when the app starts: one load for the pass.
    await page.evaluate((l) => (localStorage.setItem('locale', l), localStorage.setItem('color-scheme', 'light')), locale);
    await page.goto(paths[0]!);
    for (const [index, route] of paths.entries()) {
      // The shell (top bar, sidebar) is the same on every screen: checked whole on the first.
      const withoutShell = index > 0;
      // A store page speaks its store's language unless `?lang=` says otherwise: the pass's.
      await visit(page, route.startsWith('/store/') ? `${route}?lang=${locale}` : route);
      const headings = await page.locator('h1').count();
      if (headings !== 1) found.push(`${locale} ${route}: ${headings} h1 elements`);
      for (const v of await violations(page, { ...rules, withoutShell })) found.push(`${locale} light ${route}: ${v}`);
      if (dark) {
        await turnScheme(page, 'dark');
        for (const v of await violations(page, { contrast: true, only: 'color-contrast', withoutShell })) found.push(`${locale} dark ${route}: ${v}`);
        await turnScheme(page, 'light');
      }
    }
    await page.evaluate(() => (localStorage.removeItem('locale'), localStorage.removeItem('color-scheme')));
    expect(found).toEqual([]);
  });
}

test('the sign-in screens pass axe in English and Arabic', async ({ page }) => {
  // 18 full loads, each checked by axe: beside another test on two busy cores, over 120 s.
  test.setTimeout(300_000);
  const found: string[] = [];
  for (const locale of ['en', 'ar'] as const) {
    await page.goto('/login');
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    for (const route of GUEST_PATHS) {
      await page.goto(route);
      await expect(page.locator('h1').first()).toBeVisible();
      for (const v of await violations(page, { contrast: locale === 'en' })) found.push(`${locale} ${route}: ${v}`);
    }
  }
  await page.evaluate(() => localStorage.removeItem('locale'));
  expect(found).toEqual([]);
});

test('the shell passes axe at 375 px, its menu open and closed', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/login');
  expect(await violations(page, { contrast: true })).toEqual([]);
  await signInAdmin(page);
  await settled(page);
  expect(await violations(page, { contrast: true })).toEqual([]);
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  expect(await violations(page, { contrast: true })).toEqual([]);
});
