import { count, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { builtOncePerShape, type Shape } from './shaped-statement.js';

/**
 * How far past the page's first row a long list counts: the total is exact up to 1,000 rows
 * after the page's start (100 pages of 10 ahead of the reader), else a lower bound the answer flags.
 */
export const COUNT_AHEAD = 1_000;

/**
 * A page of a long list (logs, activations, codes, tickets) with its total. Counting a million
 * rows on every page would cost far more than the page itself: the count of `matching` stops
 * COUNT_AHEAD rows past the page's start and the answer says so (`totalCapped`); a reader who
 * pages on moves the window with it, so the pager always offers the next pages. The count rides
 * along with the page (an uncorrelated subquery, computed once), one round trip for both:
 * `page` selects it as its `matching` column.
 */
export async function cappedPage<Row extends { matching: number }>(
  db: DbOrTx,
  matching: { limit(n: number): SQLWrapper },
  offset: number,
  page: (matchingCount: SQL<number>) => PromiseLike<Row[]>,
) {
  const limited = matching.limit(countLimit(offset));
  const rows = await page(countOf(limited));
  // A page past the end has no row to carry the count: only then is it asked on its own.
  const total = rows.length > 0 ? rows[0]!.matching : Number((await db.select({ total: count() }).from(sql`(${limited}) as limited`))[0]!.total);
  return cappedAnswer(rows, offset, total);
}

/** How many matching rows a page starting at `offset` counts: one past the cap, so that "more" shows. */
export const countLimit = (offset: number) => offset + COUNT_AHEAD + 1;

/** The count of `limited` (the matching rows, limited by `countLimit`) as a column of the page's statement. */
export const countOf = (limited: SQLWrapper) => sql<number>`(select count(*) from (${limited}) as limited)::int`;

/** The page's entries and its total, capped COUNT_AHEAD rows past the page's start (`cappedPage`'s answer). */
export function cappedAnswer<Row extends { matching: number }>(rows: Row[], offset: number, total: number) {
  const cap = offset + COUNT_AHEAD;
  const entries = rows.map(({ matching: _, ...entry }) => entry);
  return { entries, total: Math.min(total, cap), totalCapped: total > cap };
}

type PageStatement<Row> = { prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> } };

/**
 * `cappedPage` for a list whose statements are built once per shape (`builtOncePerShape`): `page`
 * builds the page's statement, its `matching` column counting `matching()` (limited by the
 * placeholder `cap`), its limit and offset the placeholders `size` and `offset`. The page's
 * statement is one per shape and sort (a list without a choice of sort gives none).
 */
export function cappedPages(list: string) {
  const pages = builtOncePerShape(`${list}_page`);
  const counts = builtOncePerShape(`${list}_count`);
  return async <Row extends { matching: number }>(
    db: DbOrTx,
    shape: Shape,
    page: { number: number; size: number; sortKey?: string; sortType?: string },
    build: { page: () => PageStatement<Row>; matching: () => SQLWrapper },
  ) => {
    const offset = (page.number - 1) * page.size;
    const key = page.sortKey === undefined ? shape.key : `${shape.key};${page.sortKey};${page.sortType}`;
    const values = { ...shape.values, cap: countLimit(offset) };
    const rows = await pages(db, key, build.page).execute({ ...values, size: page.size, offset });
    // A page past the end has no row to carry the count: only then is it asked on its own.
    const total =
      rows.length > 0 ? rows[0]!.matching : (await counts(db, shape.key, () => db.select({ total: count() }).from(sql`(${build.matching()}) as limited`)).execute(values))[0]!.total;
    return cappedAnswer(rows, offset, total);
  };
}
