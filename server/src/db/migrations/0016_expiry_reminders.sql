-- Expiry reminders (modules/reminders): the profile switch, the language the account last signed in
-- with (its mails' language), and one claimed row per account and day so that several API nodes
-- send each account one reminder a day. Adding a column with a constant default rewrites nothing.
CREATE TABLE "expiry_reminders" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"device_count" integer,
	CONSTRAINT "expiry_reminders_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "expiry_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "expiry_reminders" ADD CONSTRAINT "expiry_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expiry_reminders_day_idx" ON "expiry_reminders" USING btree ("day");
