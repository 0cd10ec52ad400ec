import { expect, test } from '@playwright/test';

/** The create-password screen's own chunk (every screen is its own chunk, named after its module). */
const SCREEN_CHUNK = /\/assets\/create-password-page-[^/]*\.js$/;

test('a screen whose chunk fails to load once is shown after one retry', async ({ page }) => {
  let fetches = 0;
  await page.route(SCREEN_CHUNK, (route) => (++fetches === 1 ? route.abort('failed') : route.continue()));
  await page.goto('/create-password?email=ann%40example.test&token=link-token');
  await expect(page.getByRole('heading', { name: 'Create your password' })).toBeVisible();
  expect(fetches).toBe(2);
});

test('a chunk that fails twice shows the error page, logs it to the console and reports it without the link’s token', async ({ page }) => {
  let fetches = 0;
  await page.route(SCREEN_CHUNK, (route) => (++fetches, route.abort('failed')));
  const consoleErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  const report = page.waitForRequest((request) => request.url().endsWith('/api/client-errors'));
  await page.goto('/create-password?email=ann%40example.test&token=secret-link-token');

  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  expect(fetches).toBe(2);
  const body = (await report).postDataJSON() as Record<string, string>;
  expect(body).toMatchObject({ route: '/create-password', message: expect.stringContaining('create-password-page') });
  expect(JSON.stringify(body)).not.toContain('secret-link-token');
  expect((await (await report).response())?.status()).toBe(204);
  expect(consoleErrors.some((line) => line.includes('/create-password could not be displayed'))).toBe(true);
});
