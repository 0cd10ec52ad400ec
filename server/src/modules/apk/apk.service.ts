import { desc, eq } from 'drizzle-orm';
import type { ApkPlan, ApkPlanFields } from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { apkPlans } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { prepareImage, storeImage, type UploadedFile } from '../../http/uploads.js';
import { audit } from '../../lib/audit.js';

/** Download APK cards (business-panel.md §3 APK plan, §7). */

type Row = typeof apkPlans.$inferSelect;

function toPlan(row: Row): ApkPlan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image_url: row.imageUrl,
    apk_url: row.apkUrl,
    created_at: row.createdAt.toISOString(),
  };
}

async function findPlan(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(apkPlans).where(eq(apkPlans.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', { key: 'apk.notFound' });
  return row;
}

export async function listPlans(ctx: Ctx): Promise<ApkPlan[]> {
  const rows = await ctx.db.select().from(apkPlans).orderBy(desc(apkPlans.id));
  return rows.map(toPlan);
}

/**
 * The image is checked by content before anything is written, and stored inside the
 * transaction, last: a refused plan leaves neither a row nor a file behind.
 */
export async function createPlan(ctx: Ctx, input: ApkPlanFields, image: UploadedFile | undefined): Promise<ApkPlan> {
  const me = callerOf(ctx);
  const prepared = image ? await prepareImage(image) : undefined;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apkPlans)
      .values({ name: input.name, description: input.description, apkUrl: input.apk_url, imageUrl: prepared?.publicPath ?? null, createdBy: me.userId })
      .returning();
    await audit(ctx, { action: 'apk-plan.create', targetType: 'apk_plan', targetId: row!.id, details: { name: input.name } }, tx);
    if (prepared) await storeImage(ctx, prepared);
    return toPlan(row!);
  });
}

/** Without a new image the plan keeps its picture. */
export async function updatePlan(ctx: Ctx, id: number, input: ApkPlanFields, image: UploadedFile | undefined): Promise<ApkPlan> {
  await findPlan(ctx.db, id);
  const prepared = image ? await prepareImage(image) : undefined;
  return ctx.db.transaction(async (tx) => {
    await findPlan(tx, id, true);
    const [row] = await tx
      .update(apkPlans)
      .set({ name: input.name, description: input.description, apkUrl: input.apk_url, ...(prepared ? { imageUrl: prepared.publicPath } : {}) })
      .where(eq(apkPlans.id, id))
      .returning();
    await audit(ctx, { action: 'apk-plan.update', targetType: 'apk_plan', targetId: id, details: { name: input.name, image: prepared?.publicPath } }, tx);
    if (prepared) await storeImage(ctx, prepared);
    return toPlan(row!);
  });
}

/** The image file stays: another plan or application may show the same picture (same content, same name). */
export async function deletePlan(ctx: Ctx, id: number) {
  await ctx.db.transaction(async (tx) => {
    const row = await findPlan(tx, id, true);
    await tx.delete(apkPlans).where(eq(apkPlans.id, id));
    await audit(ctx, { action: 'apk-plan.delete', targetType: 'apk_plan', targetId: id, details: { name: row.name } }, tx);
  });
}
