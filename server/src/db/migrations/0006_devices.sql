CREATE TABLE "activations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" bigint NOT NULL,
	"application_id" integer NOT NULL,
	"mac_address" text NOT NULL,
	"reseller_id" integer NOT NULL,
	"ledger_id" bigint NOT NULL,
	"package" text NOT NULL,
	"credit_point" integer NOT NULL,
	"box_expiry_date" timestamp with time zone NOT NULL,
	"comment" text,
	"activated_from" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apk_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "apk_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text,
	"apk_url" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"mac_address" text NOT NULL,
	"device_key" text NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"lifetime" boolean DEFAULT false NOT NULL,
	"is_trial" smallint DEFAULT 1 NOT NULL,
	"activated_by" integer,
	"activated_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"remaining_seconds" bigint,
	"disabled_by_box" boolean DEFAULT false NOT NULL,
	"ip" text,
	"app_version" text,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "playlists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" bigint NOT NULL,
	"playlist_type" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"username" text,
	"password" text,
	"epg_url" text,
	"protect" boolean DEFAULT false NOT NULL,
	"pin_hash" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_reseller_id_users_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_ledger_id_credit_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."credit_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apk_plans" ADD CONSTRAINT "apk_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activations_reseller_created_idx" ON "activations" USING btree ("reseller_id","created_at");--> statement-breakpoint
CREATE INDEX "activations_created_idx" ON "activations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "activations_device_idx" ON "activations" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "activations_app_created_idx" ON "activations" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "activations_mac_idx" ON "activations" USING btree ("mac_address");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_app_mac_idx" ON "devices" USING btree ("application_id","mac_address");--> statement-breakpoint
CREATE INDEX "devices_mac_idx" ON "devices" USING btree ("mac_address");--> statement-breakpoint
CREATE INDEX "devices_activated_by_idx" ON "devices" USING btree ("activated_by","disabled_at");--> statement-breakpoint
CREATE INDEX "playlists_device_idx" ON "playlists" USING btree ("device_id");--> statement-breakpoint
-- MAC searches of the activated apps list and the activation logs match part of an address (3+ characters).
CREATE INDEX IF NOT EXISTS "activations_mac_trgm_idx" ON "activations" USING gin ("mac_address" gin_trgm_ops);
--> statement-breakpoint
-- Rate-limit counters are rewritten on every player call; losing them in a crash only resets the windows.
ALTER TABLE "rate_limits" SET UNLOGGED;
