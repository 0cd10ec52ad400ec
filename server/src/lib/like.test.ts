import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startsWith } from './like.js';
import { conditionOf } from './shaped-statement.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WORDS = ['0a:19', '0a:1', '0a:2', '0a:1:', '0a;', '0a:0', '123', '1239', '124', '12', '1%3', '103', 'été', 'étés', 'éu'];

describe('startsWith', () => {
  it('matches exactly the values that start with the prefix, wildcards and the last character included', async () => {
    const matching = async (prefix: string) => {
      const rows = await t.database.db
        .select({ word: sql<string>`word` })
        .from(sql`unnest(${sql.param(WORDS)}::text[]) as w(word)`)
        .where(conditionOf(startsWith('word', sql`word`, prefix)))
        .orderBy(sql`word collate "C"`);
      return rows.map((row) => row.word);
    };
    for (const prefix of ['0a:1', '0a:', '123', '12', '1%', 'ét', '0a:19', 'z']) {
      expect(await matching(prefix), prefix).toEqual(WORDS.filter((word) => word.startsWith(prefix)).sort());
    }
  });
});
