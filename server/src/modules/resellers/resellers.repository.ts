import { asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SEARCH_MIN_LENGTH, type ResellerRow, type ResellerSortKey } from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { devices, roles, totpFactors, users } from '../../db/schema.js';
import { adminRole } from '../../db/roles.js';
import { nameOrEmailMatching } from '../../lib/like.js';
import { builtOncePerShape, shapeOf, whereOf, type Filter } from '../../lib/shaped-statement.js';
import { accountsOf } from './hierarchy.js';

const parent = alias(users, 'parent');

const SORT_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  credit_point: users.creditPoint,
  created_at: users.createdAt,
  status: users.status,
  last_login_time: users.lastLoginTime,
} as const satisfies Record<ResellerSortKey, unknown>;

/** A keyword of 3+ characters matches name or e-mail (trigram indexes); shorter ones are ignored (§5). */
export function keywordCondition(keyword: string | undefined): Filter | undefined {
  const search = keyword?.trim() ?? '';
  if (search.length < SEARCH_MIN_LENGTH) return undefined;
  return nameOrEmailMatching(search);
}

/** A condition without values, as a filter. */
const fixed = (key: string, condition: SQL): Filter => ({ key, values: {}, build: () => condition });

/** Not an admin account (the admin role is the first role), in the list's own statement: the reseller lists never show admin accounts. */
export const notAdmin = fixed('not-admin', ne(users.roleId, adminRole));
export const live = fixed('live', isNull(users.deletedAt));
export const removed = fixed('removed', isNotNull(users.deletedAt));

/** `owner` and its sub-resellers (`accountsInReach`'s rule for a caller who is not an admin). */
export const reachOf = (owner: number): Filter => ({ key: 'reach', values: { owner }, build: (value) => accountsOf(value('owner')) });

export const childrenOf = (parentId: number): Filter => ({ key: 'children', values: { parent: parentId }, build: (value) => eq(users.parentResellerId, value('parent')) });

const rowColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  oldEmail: users.oldEmail,
  creditPoint: users.creditPoint,
  hasPasscode: sql<boolean>`${users.creditSharePasscodeHash} is not null`,
  invited: sql<boolean>`${users.passwordHash} is null`,
  logoPath: users.logoPath,
  roleId: users.roleId,
  roleName: roles.name,
  parentResellerId: users.parentResellerId,
  parentName: parent.name,
  parentEmail: parent.email,
  createdAt: users.createdAt,
  lastLoginTime: users.lastLoginTime,
  loginIp: users.loginIp,
  status: users.status,
  isDisableByAdmin: users.isDisableByAdmin,
  createdBy: users.createdBy,
  apiAccess: users.apiAccess,
  deletedAt: users.deletedAt,
  applicationAllowed: sql<{ id: number; app_name: string }[]>`coalesce((
    select json_agg(json_build_object('id', a.id, 'app_name', a.app_name) order by a.id)
    from reseller_applications ra join applications a on a.id = ra.application_id
    where ra.user_id = ${users.id}), '[]'::json)`,
  // Total Box Activated: the devices whose paid activation this reseller made and that are
  // active now (not disabled, not expired), through devices_activated_by_idx (activated_by,
  // disabled_at); counted in the page's statement, for its ten rows only, saving a round trip.
  totalBoxes: sql<number>`(select count(*) from ${devices} where ${devices.activatedBy} = ${users.id} and ${devices.disabledAt} is null and ${devices.expireDate} > now())::int`,
  // Passkeys join this test at merge (an account with only passkeys has a factor too).
  twoFactor: sql<boolean>`exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${users.id} and ${totpFactors.confirmedAt} is not null)`,
};

type Row = {
  id: number;
  name: string;
  email: string;
  oldEmail: string | null;
  creditPoint: number;
  hasPasscode: boolean;
  invited: boolean;
  logoPath: string | null;
  roleId: number;
  roleName: string;
  parentResellerId: number | null;
  parentName: string | null;
  parentEmail: string | null;
  createdAt: Date | string;
  lastLoginTime: Date | string | null;
  loginIp: string | null;
  status: number;
  isDisableByAdmin: number;
  createdBy: number | null;
  apiAccess: number;
  deletedAt: Date | string | null;
  applicationAllowed: { id: number; app_name: string }[] | string;
  totalBoxes: number;
  twoFactor: boolean;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** What the caller may see of a row: the passcode only as a mask and only with 'Credit Passcode', the IP only with 'Login Ip'. */
export type RowVisibility = { passcode: boolean; loginIp: boolean };

function toResellerRow(row: Row, visible: RowVisibility): ResellerRow {
  const apps = typeof row.applicationAllowed === 'string' ? (JSON.parse(row.applicationAllowed) as Row['applicationAllowed']) : row.applicationAllowed;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    old_email: row.oldEmail,
    credit_point: Number(row.creditPoint),
    credit_share_passcode: visible.passcode && row.hasPasscode ? '********' : null,
    logo_path: row.logoPath,
    isSubReseller: row.parentResellerId === null ? 0 : 1,
    group_id: row.roleId,
    role_name: row.roleName,
    parent_reseller_id: row.parentResellerId,
    parent_reseller:
      row.parentResellerId !== null && row.parentEmail !== null
        ? { id: row.parentResellerId, name: row.parentName ?? '', email: row.parentEmail }
        : null,
    created_at: iso(row.createdAt)!,
    last_login_time: iso(row.lastLoginTime),
    login_ip: visible.loginIp ? row.loginIp : null,
    status: row.status,
    is_disable_by_admin: row.isDisableByAdmin,
    created_by: row.createdBy,
    application_allowed: apps as { id: number; app_name: string }[],
    total_boxes_activated: row.totalBoxes,
    api_access: row.apiAccess,
    deleted_at: iso(row.deletedAt),
    two_factor: row.twoFactor,
    invited: row.invited,
  };
}

const pages = builtOncePerShape('reseller_page');

/**
 * One page of reseller rows matching `filters`, sorted by a whitelisted column with the id as
 * tie-breaker, and their total. Built once per shape of the filters and sort.
 */
export async function resellerPage(
  db: DbOrTx,
  options: {
    filters: readonly (Filter | undefined)[];
    page: number;
    pageSize: number;
    sortKey: ResellerSortKey | undefined;
    sortType: string | undefined;
    visible: RowVisibility;
  },
): Promise<{ rows: ResellerRow[]; total: number }> {
  const sortKey = options.sortKey ?? 'created_at';
  const ascending = options.sortType?.toLowerCase() === 'asc';
  const shape = shapeOf(options.filters);
  const statement = pages(db, `${shape.key};${sortKey};${ascending ? 'asc' : 'desc'}`, () => {
    const column = SORT_COLUMNS[sortKey];
    const direction = ascending ? asc : desc;
    // One statement: the matching accounts are found once, narrow (id and sort key), and both
    // counted and sorted there; only the page's ten rows are then read whole with their joins.
    // Counting over the whole wide rows, as a window over the joined list, cost a third more.
    const matching = db.$with('matching').as(
      db.select({ id: sql<number>`${users.id}`.as('matching_id'), sortValue: sql`${column}`.as('sort_value') }).from(users).where(shape.where()),
    );
    const pageIds = db
      .select({ id: matching.id })
      .from(matching)
      .orderBy(direction(matching.sortValue), direction(matching.id))
      .limit(sql.placeholder('size'))
      .offset(sql.placeholder('offset'));
    return db
      .with(matching)
      .select({ ...rowColumns, fullCount: sql<string>`(select count(*) from ${matching})` })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(parent, eq(parent.id, users.parentResellerId))
      .where(inArray(users.id, pageIds))
      .orderBy(direction(column), direction(users.id));
  });
  const rows = await statement.execute({ ...shape.values, size: options.pageSize, offset: (options.page - 1) * options.pageSize });
  // A page past the end has no row to carry the count: only then is it asked on its own.
  const total = rows.length > 0 ? Number(rows[0]!.fullCount) : await countAccounts(db, whereOf(options.filters));
  return { rows: (rows as Row[]).map((r) => toResellerRow(r, options.visible)), total };
}

export async function countAccounts(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(where);
  return row!.n;
}

/** Candidate parents for switch and assign: live non-admin accounts, by e-mail or name, at most 20. */
export async function candidateParents(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(where)
    .orderBy(asc(users.email))
    .limit(20);
}

export async function accountWithParent(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      parentResellerId: users.parentResellerId,
      parentName: parent.name,
      parentEmail: parent.email,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .leftJoin(parent, eq(parent.id, users.parentResellerId))
    .where(eq(users.id, id));
  return row;
}
