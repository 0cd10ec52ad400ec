import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { users } from '../db/schema.js';
import { builtOncePerShape, shapeOf, whereOf, type Filter } from './shaped-statement.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const emailLike = (pattern: string): Filter => ({ key: 'email', values: { pattern }, build: (value) => like(users.email, value('pattern')) });
const withId = (id: number): Filter => ({ key: 'id', values: { id }, build: (value) => eq(users.id, value('id')) });

describe('statements built once per shape', () => {
  it('builds a shape once and binds each request its own values, the same rows as the filters with parameters', async () => {
    const db = t.database.db;
    const statements = builtOncePerShape('shaped_test');
    let built = 0;
    const emails = async (filters: (Filter | undefined)[]) => {
      const shape = shapeOf(filters);
      const statement = statements(db, shape.key, () => {
        built += 1;
        return db.select({ email: users.email }).from(users).where(shape.where()).orderBy(users.id);
      });
      const rows = await statement.execute(shape.values);
      const direct = await db.select({ email: users.email }).from(users).where(whereOf(filters)).orderBy(users.id);
      expect(rows).toEqual(direct);
      return rows.map((row) => row.email);
    };
    const [admin] = await db.select({ id: users.id, email: users.email }).from(users).where(sql`${users.email} like 'admin@%'`);

    expect(await emails([emailLike('admin@%'), undefined])).toEqual([admin!.email]);
    expect(await emails([emailLike('nobody@%'), undefined])).toEqual([]);
    expect(built).toBe(1);
    // Another filter given is another shape; the same filter twice takes two values.
    expect(await emails([withId(admin!.id), emailLike('%@%')])).toEqual([admin!.email]);
    expect(await emails([withId(admin!.id), emailLike('x%')])).toEqual([]);
    expect(await emails([withId(admin!.id), withId(admin!.id + 1_000)])).toEqual([]);
    expect(built).toBe(3);
  });

  it('keys a shape by its filters, never by their values', () => {
    const shape = shapeOf([withId(7), undefined, emailLike('%a%')]);
    expect(shape.key).toBe('id,-,email');
    expect(shape.values).toEqual({ f0_id: 7, f2_pattern: '%a%' });
    expect(shapeOf([withId(8), undefined, emailLike('%b%')]).key).toBe(shape.key);
    expect(shapeOf([withId(8), emailLike('%b%')]).key).not.toBe(shape.key);
  });
});
