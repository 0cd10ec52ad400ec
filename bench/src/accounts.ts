import type pg from 'pg';

/**
 * The verified reseller a part signs in as (created by the first admin, its password hashed as
 * `passwordHash`), with the ids a generator needs for its other accounts: the admin's and the
 * reseller role's.
 */
export async function benchReseller(db: pg.Client, account: { name: string; email: string }, passwordHash: string) {
  const { rows: [ids] } = await db.query<{ admin: number; reseller: number }>(`
    select (select id from users where role_id = (select min(id) from roles) order by id limit 1) as admin,
           (select id from roles where name = 'reseller') as reseller`);
  const { rows: [user] } = await db.query<{ id: number }>(
    `insert into users (name, email, password_hash, role_id, created_by, email_verified_at)
     values ($1, $2, $3, $4, $5, now()) returning id`,
    [account.name, account.email, passwordHash, ids!.reseller, ids!.admin],
  );
  return { id: user!.id, adminId: ids!.admin, resellerRoleId: ids!.reseller };
}
