CREATE TABLE "storefront_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storefront_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"storefront_id" integer NOT NULL,
	"name" text NOT NULL,
	"app_ids" integer[] NOT NULL,
	"package" text NOT NULL,
	"price" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefronts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storefronts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"accent_color" text NOT NULL,
	"currency" text NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"support_email" text,
	"support_whatsapp" text,
	"support_telegram" text,
	"logo" text,
	"stripe_secret_key_encrypted" text,
	"stripe_webhook_secret_encrypted" text,
	"stripe_key_last4" text,
	"manual_enabled" boolean DEFAULT false NOT NULL,
	"manual_instructions" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefronts_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "storefronts_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "storefront_products" ADD CONSTRAINT "storefront_products_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefronts" ADD CONSTRAINT "storefronts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storefront_products_storefront_idx" ON "storefront_products" USING btree ("storefront_id");--> statement-breakpoint
-- The storefront permission (issue 43) for the default reseller roles of a database seeded before it,
-- as 0026 did for webhooks: a sub-reseller sells with its own store too.
INSERT INTO "permissions" ("name", "group_name", "sort_order")
  VALUES ('storefront', 'Sales', (SELECT coalesce(max("sort_order"), 0) + 1 FROM "permissions"))
  ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r."id", p."id" FROM "roles" r, "permissions" p
  WHERE p."name" = 'storefront' AND lower(r."name") IN ('reseller', 'sub-reseller') AND r."deleted_at" IS NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every API node re-reads a role whose version moved.
UPDATE "roles" SET "version" = "version" + 1 WHERE lower("name") IN ('reseller', 'sub-reseller') AND "deleted_at" IS NULL;
