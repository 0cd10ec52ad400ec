ALTER TABLE "activations" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activations" ADD COLUMN "refund_ledger_id" bigint;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_refund_ledger_id_credit_ledger_id_fk" FOREIGN KEY ("refund_ledger_id") REFERENCES "public"."credit_ledger"("id") ON DELETE no action ON UPDATE no action;