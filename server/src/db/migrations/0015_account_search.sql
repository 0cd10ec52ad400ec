-- Name-or-e-mail searches (reseller lists, users, billing buyers) test one stored, lower-cased
-- column with LIKE instead of two ILIKEs: the recheck of each trigram match costs half
-- (docs/decisions/0008-performance.md). A line break separates the two: no e-mail holds one, and
-- a keyword that does is searched the old way, so no match can span name and e-mail.
-- The fill factor leaves room on each page, so that a balance change (which changes no indexed
-- column) stays a HOT update: no new entry in any index, nothing added to the trigram indexes'
-- pending lists that every search would then read. Set first, so the rewrite below applies it.
ALTER TABLE "users" SET (fillfactor = 90);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("name") || E'\n' || lower("email")) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- Searches by e-mail alone keep users_email_trgm_idx; none is by name alone any more.
DROP INDEX IF EXISTS "users_name_trgm_idx";
