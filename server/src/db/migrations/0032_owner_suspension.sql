ALTER TABLE "users" ADD COLUMN "owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_owner_idx" ON "users" USING btree ("owner") WHERE "users"."owner";--> statement-breakpoint
-- The owner of a database older than the flag: its lowest-id live admin (the admins are the accounts
-- of the first role). A database with no admin yet gets its owner from seed(), which marks the admin
-- it creates.
UPDATE "users" SET "owner" = true
WHERE "id" = (SELECT min("id") FROM "users" WHERE "role_id" = (SELECT min("id") FROM "roles") AND "deleted_at" IS NULL);
