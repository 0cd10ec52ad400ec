-- The webhooks permission (issue 25) for the default reseller roles of a database seeded before
-- it, as 0018 did for audit-log: the seed adds new permissions to the admin role only, and creates
-- the other default roles only when they are missing. On a new database no role exists yet, and
-- the seed gives it through DEFAULT_ROLES; the seed also sets the permission's group and order.
INSERT INTO "permissions" ("name", "group_name", "sort_order")
  VALUES ('webhooks', 'Integrations', (SELECT coalesce(max("sort_order"), 0) + 1 FROM "permissions"))
  ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r."id", p."id" FROM "roles" r, "permissions" p
  WHERE p."name" = 'webhooks' AND lower(r."name") IN ('reseller', 'sub-reseller') AND r."deleted_at" IS NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every API node re-reads a role whose version moved.
UPDATE "roles" SET "version" = "version" + 1 WHERE lower("name") IN ('reseller', 'sub-reseller') AND "deleted_at" IS NULL;
