import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('DATABASE_POOLER and DATABASE_DIRECT_URL', () => {
  const pooled = 'postgres://panel@pooler.example:6432/panel';
  const direct = 'postgres://panel@db.example:5432/panel';

  it('keeps sessions on DATABASE_URL by default', () => {
    const config = loadConfig({ DATABASE_URL: direct });
    expect(config).toMatchObject({ databasePooler: 'session', databaseDirectUrl: undefined });
  });

  it('takes a pooler in transaction mode with its direct URL', () => {
    const config = loadConfig({ DATABASE_URL: pooled, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: direct });
    expect(config).toMatchObject({ databaseUrl: pooled, databasePooler: 'transaction', databaseDirectUrl: direct });
  });

  it('refuses transaction mode without a direct URL, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_POOLER: 'transaction' })).toThrow(
      'Invalid configuration:\n  DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL, a direct (session) connection to the same database',
    );
  });

  it('refuses a mode it does not know', () => {
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_POOLER: 'statement' })).toThrow(/DATABASE_POOLER/);
  });
});
