import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, DEFAULT_ROLES, PERMISSION_GROUPS, SEED_APPLICATIONS } from '@panel/contract';
import type { Db } from './client.js';
import { adminRoleId, liveRole } from './roles.js';
import { applications, permissions, rolePermissions, roles, settings, users } from './schema.js';
import { generatePassword, hashSecret } from '../lib/secrets.js';

export type SeedResult = {
  adminLoginPrefix: string;
  /** Set only when this start created the first admin. */
  createdAdmin?: { email: string; password?: string };
};

/**
 * Brings the catalogue up to date on every start: permissions are upserted, missing default
 * roles created, and the admin role (always the first role) holds every permission. Roles an
 * admin edited keep their edits.
 */
export async function seed(
  db: Db,
  options: { adminEmail?: string; adminPassword?: string; adminLoginPrefix?: string },
): Promise<SeedResult> {
  let order = 0;
  const rows = PERMISSION_GROUPS.flatMap((g) => g.permissions.map((name) => ({ name, groupName: g.group, sortOrder: order++ })));
  await db
    .insert(permissions)
    .values(rows)
    .onConflictDoUpdate({
      target: permissions.name,
      set: { groupName: sql`excluded.group_name`, sortOrder: sql`excluded.sort_order` },
    });
  const permissionIds = new Map(
    (await db.select({ id: permissions.id, name: permissions.name }).from(permissions)).map((p) => [p.name, p.id]),
  );

  for (const def of DEFAULT_ROLES) {
    const [existing] = await db.select({ id: roles.id }).from(roles).where(and(sql`lower(${roles.name}) = ${def.name}`, liveRole));
    if (existing) continue;
    const [created] = await db.insert(roles).values({ name: def.name }).returning({ id: roles.id });
    await db
      .insert(rolePermissions)
      .values(def.permissions.map((name) => ({ roleId: created!.id, permissionId: permissionIds.get(name)! })));
  }
  const adminRole = { id: await adminRoleId(db) };
  await db
    .insert(rolePermissions)
    .values(ALL_PERMISSIONS.map((name) => ({ roleId: adminRole.id, permissionId: permissionIds.get(name)! })))
    .onConflictDoNothing();
  await db.update(roles).set({ version: sql`${roles.version} + 1` }).where(eq(roles.id, adminRole.id));

  const adminLoginPrefix = await ensureSetting(
    db,
    'admin_login_prefix',
    options.adminLoginPrefix,
    () => `panel-${crypto.randomBytes(6).toString('hex')}`,
  );

  // Once per database: an admin who later removes a seeded application does not see it come back.
  const [applicationsSeeded] = await db.select().from(settings).where(eq(settings.key, 'applications_seeded'));
  if (!applicationsSeeded) {
    await db.insert(applications).values([...SEED_APPLICATIONS]).onConflictDoNothing();
    await db.insert(settings).values({ key: 'applications_seeded', value: new Date().toISOString() });
  }

  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, adminRole.id)).limit(1);
  if (anyAdmin) return { adminLoginPrefix };
  const email = options.adminEmail ?? 'admin@panel.local';
  const password = options.adminPassword ?? generatePassword();
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) {
    throw new Error(`ADMIN_EMAIL ${email} belongs to an existing non-admin account; choose another address.`);
  }
  await db.insert(users).values({
    name: 'Administrator',
    email,
    passwordHash: await hashSecret(password),
    emailVerifiedAt: new Date(),
    roleId: adminRole.id,
    // The first admin is the panel's owner: the one who may suspend the admins it later adds.
    owner: true,
  });
  return { adminLoginPrefix, createdAdmin: { email, password: options.adminPassword ? undefined : password } };
}

/** The environment wins; otherwise the stored value; otherwise a new value, stored for every node. */
async function ensureSetting(db: Db, key: string, fromEnv: string | undefined, generate: () => string) {
  if (fromEnv) {
    await db.insert(settings).values({ key, value: fromEnv }).onConflictDoUpdate({ target: settings.key, set: { value: fromEnv } });
    return fromEnv;
  }
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  if (row) return row.value;
  const value = generate();
  await db.insert(settings).values({ key, value });
  return value;
}
