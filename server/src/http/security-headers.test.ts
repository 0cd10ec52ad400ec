import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const policy = async (url: string) => String((await t.call({ method: 'GET', url })).headers['content-security-policy']);

describe('the content security policy', () => {
  it('lets the API documentation page set inline styles, its scripts still its own files only', async () => {
    for (const url of ['/api/docs/static/index.html', '/api/docs/static/swagger-initializer.js']) {
      const csp = await policy(url);
      expect(csp).toContain("style-src 'self' 'unsafe-inline';");
      expect(csp).toMatch(/script-src 'self'[^;]*;/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    }
  });

  it('keeps the strict policy everywhere else', async () => {
    const strict = await policy('/api/health');
    expect(strict).toContain("script-src 'self';");
    expect(strict).toContain("connect-src 'self'");
    for (const url of ['/', '/login', '/api/profile']) expect(await policy(url)).toBe(strict);
  });
});
