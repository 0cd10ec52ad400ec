import { expect, test, type Page } from '@playwright/test';
import { adminRecharge, signInAdmin } from './helpers';
import { E2E } from './env';

test.use({ viewport: { width: 375, height: 740 } });

const PAGES = ['/dashboard', '/reseller-list', '/multi-apps-activation', '/bulk-activation', '/user-list', '/renewals-due', '/transactions-logs', '/credit-point-share-log', '/users-and-roles'];

/** Every control of the top bar lies inside the screen, and the page does not scroll sideways. */
async function expectPhoneLayout(page: Page, labels: { menu: string; mode: RegExp; language: RegExp; bell: RegExp; credit: string }) {
  const header = page.getByRole('banner');
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
  const controls = [
    header.getByRole('button', { name: labels.menu }),
    header.getByText(title, { exact: true }),
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
  const sideways = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
  expect(sideways, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

test('on a phone the top bar keeps every control on screen and no page scrolls sideways, in English and Arabic', async ({ page }) => {
  await signInAdmin(page);
  await adminRecharge(page, E2E.adminEmail, 1_250_000);
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expectPhoneLayout(page, { menu: 'Toggle navigation', mode: /^Mode/, language: /^Language/, bell: /^Notifications/, credit: 'Credit points' });
  }
  // The balance is compact: the number and an icon.
  await expect(page.getByRole('banner').getByTitle('Credit points')).toHaveText(/^1\.\dM$/);

  // The language is a compact menu.
  await page.getByRole('banner').getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expectPhoneLayout(page, { menu: 'إظهار القائمة أو إخفاؤها', mode: /^الوضع/, language: /^اللغة/, bell: /^الإشعارات/, credit: 'نقاط الرصيد' });
  }
  await page.evaluate(() => localStorage.removeItem('locale'));
});
