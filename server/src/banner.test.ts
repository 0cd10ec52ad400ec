import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { startBanner, startupWarnings } from './banner.js';

const seeded = { adminLoginPrefix: 'panel-abc', createdAdmin: { email: 'admin@panel.local', password: 'Secret-123' } };

describe('the start banner', () => {
  it('puts the start-up warnings first, readable and wrapped under their label, and the one-time password last', () => {
    const config = loadConfig({ PAYMENT_PROVIDER: 'sandbox', PUBLIC_URL: 'http://localhost:3000', DATABASE_URL: '' });
    const text = startBanner({ config, seeded, mails: 'the outbox folder /data/outbox', warnings: startupWarnings(config) });
    const lines = text.split('\n').filter((l) => l.trim() !== '');

    expect(lines[0]).toMatch(/^ {2}Warning: +PAYMENT_PROVIDER=sandbox: buyers confirm their own payments/);
    expect(lines[1]).toMatch(/^ {23}\S.*Set PAYMENT_PROVIDER=stripe to take real payments\.$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    expect(lines[2]).toBe('  Reseller panel:      http://localhost:3000');
    expect(lines.at(-1)).toBe('  Admin password:      Secret-123   (shown once: write it down)');
    expect(text).not.toContain('{');
  });

  it('has no warning when the panel takes real payments', () => {
    const config = loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', DATABASE_URL: '' });
    expect(startupWarnings(config)).toEqual([]);
    expect(startBanner({ config, seeded: { adminLoginPrefix: 'p' }, mails: 'SMTP', warnings: [] })).not.toContain('Warning');
  });
});
