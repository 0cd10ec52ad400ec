import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the HTTP layer', () => {
  it('sends security headers', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('publishes the OpenAPI document generated from the route schemas, without the admin sign-in path', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/users', '/api/users/{id}', '/api/get-roles']));
    expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(Object.keys(doc.paths).some((p) => p.includes('admin-login'))).toBe(false);
    const ui = await t.call({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('accepts JSON only on JSON calls (415)', async () => {
    const res = await t.call({ method: 'POST', url: '/api/login', payload: 'email=a&password=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('limits the body size (413)', async () => {
    const res = await t.call({ method: 'POST', url: '/api/login', payload: { email: 'a@b.cd', password: 'x'.repeat(1_100_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await t.call({ method: 'POST', url: '/api/register', payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
  });

  it('answers in Arabic when asked with ar-EG', async () => {
    const res = await t.call({ method: 'GET', url: '/api/profile', lang: 'ar-EG' });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('the web app', () => {
  it('serves its files without a session and falls back to index.html for its routes', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    const web = await createTestApp({ webDist });
    try {
      const asset = await web.call({ method: 'GET', url: '/assets/app.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toContain('javascript');
      for (const url of ['/login', '/reset-password/abc', '/users-and-roles', '/no/such/page']) {
        const page = await web.call({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('<div id="root">');
        expect(page.headers['cache-control']).toBe('no-cache');
      }
      const api = await web.call({ method: 'GET', url: '/api/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await web.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
