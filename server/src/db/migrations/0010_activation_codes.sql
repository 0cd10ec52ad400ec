CREATE TABLE "activation_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activation_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"value" text NOT NULL,
	"type" text NOT NULL,
	"reseller_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"ledger_id" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"device_id" bigint,
	"redeemed_at" timestamp with time zone,
	"device_expiry_before" timestamp with time zone,
	"device_lifetime_before" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playlists" ALTER COLUMN "device_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "code_id" bigint;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_reseller_id_users_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_ledger_id_credit_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."credit_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activation_codes_value_idx" ON "activation_codes" USING btree ("value" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "activation_codes_reseller_created_idx" ON "activation_codes" USING btree ("reseller_id","created_at");--> statement-breakpoint
CREATE INDEX "activation_codes_created_idx" ON "activation_codes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "activation_codes_device_idx" ON "activation_codes" USING btree ("device_id");--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_code_id_activation_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."activation_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlists_code_idx" ON "playlists" USING btree ("code_id");--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_one_owner" CHECK (("playlists"."device_id" is null) <> ("playlists"."code_id" is null));