import { desc } from 'drizzle-orm';
import { socialWidgets } from '../../db/schema.js';
import type { Ctx } from '../../http/context.js';

export async function current(ctx: Ctx) {
  const [row] = await ctx.db
    .select({ id: socialWidgets.id, whatsapp_number: socialWidgets.whatsappNumber, telegram_number: socialWidgets.telegramNumber })
    .from(socialWidgets)
    .orderBy(desc(socialWidgets.id))
    .limit(1);
  return row ?? null;
}
