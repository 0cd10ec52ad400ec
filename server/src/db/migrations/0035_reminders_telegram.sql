CREATE TABLE "customer_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"phase" text NOT NULL,
	"days" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"email_status" text,
	"telegram_status" text
);
--> statement-breakpoint
CREATE TABLE "storefront_digests" (
	"storefront_id" integer NOT NULL,
	"day" date NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "storefront_digests_storefront_id_day_pk" PRIMARY KEY("storefront_id","day")
);
--> statement-breakpoint
CREATE TABLE "telegram_updates" (
	"storefront_id" integer NOT NULL,
	"update_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_updates_storefront_id_update_id_pk" PRIMARY KEY("storefront_id","update_id")
);
--> statement-breakpoint
ALTER TABLE "customer_devices" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "reminders_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "telegram_chat_id" bigint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "telegram_code" text;--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "reminders_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "reminder_days_before" integer[] DEFAULT '{7,3,1}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "reminder_days_after" integer[] DEFAULT '{1}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "telegram_bot_token_encrypted" text;--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "telegram_bot_username" text;--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "telegram_secret_hash" text;--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "telegram_owner_chat_id" bigint;--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "telegram_owner_code_hash" text;--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "telegram_owner_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_reminders" ADD CONSTRAINT "customer_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_reminders" ADD CONSTRAINT "customer_reminders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_reminders" ADD CONSTRAINT "customer_reminders_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_digests" ADD CONSTRAINT "storefront_digests_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_updates" ADD CONSTRAINT "telegram_updates_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_reminders_milestone_idx" ON "customer_reminders" USING btree ("customer_id","device_id","expires_at","phase","days");--> statement-breakpoint
CREATE INDEX "customer_reminders_user_idx" ON "customer_reminders" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "customer_devices" ADD CONSTRAINT "customer_devices_product_id_storefront_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."storefront_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_telegram_code_unique" UNIQUE("telegram_code");