-- Indexes for the lists measured by the performance issue (docs/decisions/0008-performance.md).
-- The admin's ticket search and the billing search by plan title: trigram, as the other keyword searches.
CREATE INDEX IF NOT EXISTS "tickets_title_trgm_idx" ON "tickets" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_orders_plan_title_trgm_idx" ON "payment_orders" USING gin ("plan_title" gin_trgm_ops);
--> statement-breakpoint
-- The open-ticket count every ticket list answers: a small index of the tickets still open.
CREATE INDEX IF NOT EXISTS "tickets_open_idx" ON "tickets" ("raised_by") WHERE "status" IN ('OPEN', 'REOPEN');
