import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { afterCommit } from './after-commit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('afterCommit', () => {
  it('runs what a transaction queued once it has committed, not before', async () => {
    const ran: string[] = [];
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      afterCommit(tx, () => ran.push('first'));
      afterCommit(tx, () => ran.push('second'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['first', 'second']);
  });

  it('never runs it for a transaction that rolled back', async () => {
    const ran: string[] = [];
    await expect(
      t.database.db.transaction(async (tx) => {
        afterCommit(tx, () => ran.push('rolled back'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toEqual([]);
  });

  it('keeps a savepoint committed with its transaction, and drops one that rolled back', async () => {
    const ran: string[] = [];
    await t.database.db.transaction(async (tx) => {
      afterCommit(tx, () => ran.push('outer'));
      await tx.transaction(async (inner) => {
        afterCommit(inner, () => ran.push('kept savepoint'));
      });
      await tx
        .transaction(async (inner) => {
          afterCommit(inner, () => ran.push('rolled-back savepoint'));
          throw new Error('savepoint refused');
        })
        .catch(() => undefined);
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['outer', 'kept savepoint']);
  });

  it('runs at once outside a transaction, where each statement commits on its own', () => {
    const ran: string[] = [];
    afterCommit(t.database.db, () => ran.push('now'));
    expect(ran).toEqual(['now']);
  });
});
