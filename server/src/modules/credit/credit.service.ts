import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { callerOf, type Ctx } from '../../http/context.js';

export async function balanceOf(ctx: Ctx): Promise<number> {
  const [row] = await ctx.db.select({ creditPoint: users.creditPoint }).from(users).where(eq(users.id, callerOf(ctx).userId));
  return row?.creditPoint ?? 0;
}
