import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_MIN_LENGTH,
  type Application,
  type ApplicationCreateFields,
  type ApplicationSortKey,
  type ApplicationsQuery,
  type ApplicationUpdateBody,
  type ApplicationVisibilityBody,
  type AuditDetails,
} from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { applications, devices, resellerApplications } from '../../db/schema.js';
import { AppError, fieldError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { prepareImage, storeImage, type UploadedFile } from '../../http/uploads.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { escapeLike } from '../../lib/like.js';

/** PostgreSQL's foreign_key_violation: a row still referenced elsewhere (possibly wrapped by Drizzle). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

const resellersCount = sql<number>`(select count(*)::int from ${resellerApplications} ra where ra.application_id = ${applications.id})`;

const columns = {
  id: applications.id,
  appName: applications.appName,
  appLogo: applications.appLogo,
  appPlaceLocation: applications.appPlaceLocation,
  appPhone: applications.appPhone,
  appEmail: applications.appEmail,
  appTagline: applications.appTagline,
  appDescription: applications.appDescription,
  trialDays: applications.trialDays,
  needsDeviceKey: applications.needsDeviceKey,
  hidden: applications.hidden,
  createdAt: applications.createdAt,
  resellersCount,
};

type Row = {
  id: number;
  appName: string;
  appLogo: string | null;
  appPlaceLocation: string | null;
  appPhone: string | null;
  appEmail: string | null;
  appTagline: string | null;
  appDescription: string | null;
  trialDays: number;
  needsDeviceKey: boolean;
  hidden: boolean;
  createdAt: Date;
  resellersCount: number;
};

function toApplication(row: Row): Application {
  return {
    id: row.id,
    app_name: row.appName,
    app_logo: row.appLogo,
    app_place_location: row.appPlaceLocation,
    app_phone: row.appPhone,
    app_email: row.appEmail,
    app_tagline: row.appTagline,
    app_description: row.appDescription,
    trial_days: row.trialDays,
    needs_device_key: row.needsDeviceKey,
    hidden: row.hidden,
    resellers_count: Number(row.resellersCount),
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/** Empty optional texts are stored as "not given". */
const orNull = (value: string | undefined) => (value ? value : null);

const SORT_COLUMNS: Record<ApplicationSortKey, SQL | typeof applications.id> = {
  id: sql`${applications.id}`,
  app_name: sql`lower(${applications.appName})`,
  app_place_location: sql`${applications.appPlaceLocation}`,
  app_email: sql`${applications.appEmail}`,
  app_phone: sql`${applications.appPhone}`,
  trial_days: sql`${applications.trialDays}`,
  created_at: sql`${applications.createdAt}`,
};

/**
 * Whether the caller may activate an application (a condition on `applications`): an admin every
 * one, anyone else the applications allowed to their account. Hidden applications never: they are
 * offered for no new activation.
 */
export function allowedTo(caller: { userId: number; isAdmin: boolean }): SQL {
  const visible = eq(applications.hidden, false);
  if (caller.isAdmin) return visible;
  return and(
    visible,
    sql`exists (select 1 from ${resellerApplications} where ${resellerApplications.userId} = ${caller.userId} and ${resellerApplications.applicationId} = ${applications.id})`,
  )!;
}

/** What the caller may activate (`allowedTo`), by name. */
export async function allowedApplications(ctx: Ctx, db: DbOrTx = ctx.db) {
  return db
    .select({
      id: applications.id,
      app_name: applications.appName,
      app_logo: applications.appLogo,
      app_place_location: applications.appPlaceLocation,
      needs_device_key: applications.needsDeviceKey,
    })
    .from(applications)
    .where(allowedTo(callerOf(ctx)))
    .orderBy(asc(applications.appName));
}

export async function listApplications({ ctx, query }: { ctx: Ctx; query: ApplicationsQuery }) {
  const conditions: SQL[] = [];
  const search = query.search_title?.trim() ?? '';
  // Shorter keywords are ignored (business-panel.md §5).
  if (search.length >= SEARCH_MIN_LENGTH) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(or(ilike(applications.appName, pattern), ilike(applications.appPlaceLocation, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.sort_type === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(columns)
      .from(applications)
      .where(where)
      // The id breaks ties, so that paging through equal values never shows a row twice.
      .orderBy(direction(SORT_COLUMNS[query.sort_key]), direction(applications.id))
      .limit(query.page_size)
      .offset((query.page_number - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(applications).where(where),
  ]);
  return {
    ApplicationList: rows.map(toApplication),
    pagination: {
      current_page: query.page_number,
      per_page: query.page_size,
      last_page: Math.max(1, Math.ceil(total!.n / query.page_size)),
      total: total!.n,
    },
  };
}

async function findApplication(db: DbOrTx, id: number, lock = false) {
  const query = db.select(columns).from(applications).where(eq(applications.id, id));
  const [row] = lock ? await query.for('update', { of: applications }) : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getApplication({ ctx, id }: { ctx: Ctx; id: number }) {
  return toApplication(await findApplication(ctx.db, id));
}

/**
 * The logo is checked before anything is written, and the file is written inside the
 * transaction, last: a refused name or logo leaves neither a row nor a file behind.
 */
export async function createApplication({ ctx, input, logo }: { ctx: Ctx; input: ApplicationCreateFields; logo?: UploadedFile }) {
  const image = logo ? await prepareImage(logo) : undefined;
  const id = await ctx.db.transaction(async (tx) => {
    let row: { id: number };
    try {
      [row] = (await tx
        .insert(applications)
        .values({ appName: input.appName, appPlaceLocation: input.appPlaceLocation, appLogo: image?.publicPath ?? null })
        .returning({ id: applications.id })) as [typeof row];
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('appName', 'validation.taken');
      throw error;
    }
    await audit(ctx, { action: 'application.create', targetType: 'application', targetId: row.id, details: { app_name: input.appName } }, tx);
    if (image) await storeImage(ctx, image);
    return row.id;
  });
  return getApplication({ ctx, id });
}

export async function updateApplication({ ctx, id, input }: { ctx: Ctx; id: number; input: ApplicationUpdateBody }) {
  await ctx.db.transaction(async (tx) => {
    await findApplication(tx, id, true);
    const values = {
      appName: input.appName,
      appPlaceLocation: input.appPlaceLocation,
      appPhone: orNull(input.appPhone),
      appEmail: orNull(input.appEmail?.toLowerCase()),
      appTagline: orNull(input.appTagLine),
      appDescription: orNull(input.appDescription),
    } satisfies AuditDetails<'application.update'>;
    try {
      await tx.update(applications).set(values).where(eq(applications.id, id));
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('appName', 'validation.taken');
      throw error;
    }
    await audit(ctx, { action: 'application.update', targetType: 'application', targetId: id, details: values }, tx);
  });
  return getApplication({ ctx, id });
}

/** Replaces the logo; the old file stays, since another row may show the same picture (same content, same name). */
export async function uploadLogo({ ctx, id, logo }: { ctx: Ctx; id: number; logo: UploadedFile | undefined }) {
  if (!logo) throw fieldError('appLogo', 'validation.imageRequired');
  await findApplication(ctx.db, id);
  const image = await prepareImage(logo);
  await ctx.db.transaction(async (tx) => {
    await findApplication(tx, id, true);
    await tx.update(applications).set({ appLogo: image.publicPath }).where(eq(applications.id, id));
    await audit(ctx, { action: 'application.logo', targetType: 'application', targetId: id, details: { app_logo: image.publicPath } }, tx);
    await storeImage(ctx, image);
  });
  return image.publicPath;
}

/**
 * An application allowed to any reseller, or with any device registered in it (and so possibly
 * activations), cannot be deleted (409): hiding it is the way out. The counts give the message;
 * the foreign keys (restrict) are what guarantee it when a reseller is given the application or a
 * player registers between the count and the delete.
 */
export async function deleteApplication({ ctx, id }: { ctx: Ctx; id: number }) {
  await ctx.db.transaction(async (tx) => {
    const row = await findApplication(tx, id, true);
    const [found] = await tx.select({ n: count() }).from(devices).where(eq(devices.applicationId, id));
    const resellers = Number(row.resellersCount);
    const deviceCount = Number(found!.n);
    const inUse = () =>
      deviceCount > 0
        ? new AppError('APPLICATION_IN_USE', { key: 'errors.applicationInUseDevices', params: { count: resellers, devices: deviceCount } })
        : new AppError('APPLICATION_IN_USE', { params: { count: resellers } });
    if (resellers > 0 || deviceCount > 0) throw inUse();
    try {
      await tx.delete(applications).where(eq(applications.id, id));
    } catch (error) {
      // The transaction is aborted after the failed delete: answer with the counts read before it.
      if (isForeignKeyViolation(error)) throw inUse();
      throw error;
    }
    await audit(ctx, { action: 'application.delete', targetType: 'application', targetId: id, details: { app_name: row.appName } }, tx);
  });
}

/** Hidden applications stay on the devices that have them; they are offered for no new activation. */
export async function setVisibility({ ctx, id, input }: { ctx: Ctx; id: number; input: ApplicationVisibilityBody }) {
  await ctx.db.transaction(async (tx) => {
    await findApplication(tx, id, true);
    await tx.update(applications).set({ hidden: input.hidden }).where(eq(applications.id, id));
    await audit(ctx, { action: input.hidden ? 'application.hide' : 'application.show', targetType: 'application', targetId: id }, tx);
  });
  return getApplication({ ctx, id });
}
