ALTER TABLE "activations" ADD COLUMN "prev_expire_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activations" ADD COLUMN "prev_lifetime" boolean;--> statement-breakpoint
ALTER TABLE "activations" ADD COLUMN "prev_is_trial" smallint;--> statement-breakpoint
ALTER TABLE "activations" ADD COLUMN "prev_activated_by" integer;--> statement-breakpoint
ALTER TABLE "activations" ADD COLUMN "prev_activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_prev_activated_by_users_id_fk" FOREIGN KEY ("prev_activated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;