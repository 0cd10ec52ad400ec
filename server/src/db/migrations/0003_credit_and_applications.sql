CREATE TABLE "applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app_name" text NOT NULL,
	"app_logo" text,
	"app_place_location" text,
	"app_phone" text,
	"app_email" text,
	"app_tagline" text,
	"app_description" text,
	"trial_days" integer DEFAULT 7 NOT NULL,
	"needs_device_key" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tr_type" text NOT NULL,
	"credit_point" bigint NOT NULL,
	"debitor_id" integer,
	"creditor_id" integer,
	"creator_id" integer,
	"debitor_balance_after" bigint,
	"creditor_balance_after" bigint,
	"reason" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_positive" CHECK ("credit_ledger"."credit_point" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotent_requests" (
	"key" text PRIMARY KEY NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reseller_applications" (
	"user_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	CONSTRAINT "reseller_applications_user_id_application_id_pk" PRIMARY KEY("user_id","application_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "logo_path" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "api_key_encrypted" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "api_key_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "api_access" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_debitor_id_users_id_fk" FOREIGN KEY ("debitor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_creditor_id_users_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_applications" ADD CONSTRAINT "reseller_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_applications" ADD CONSTRAINT "reseller_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_name_lower_idx" ON "applications" USING btree (lower("app_name"));--> statement-breakpoint
CREATE INDEX "credit_ledger_creditor_idx" ON "credit_ledger" USING btree ("creditor_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_debitor_idx" ON "credit_ledger" USING btree ("debitor_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_type_idx" ON "credit_ledger" USING btree ("tr_type","created_at");--> statement-breakpoint
CREATE INDEX "reseller_applications_app_idx" ON "reseller_applications" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_api_key_idx" ON "users" USING btree ("api_key_hash");