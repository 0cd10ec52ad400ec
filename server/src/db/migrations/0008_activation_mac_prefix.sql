DROP INDEX "activations_mac_idx";--> statement-breakpoint
CREATE INDEX "activations_mac_prefix_idx" ON "activations" USING btree ("mac_address" text_pattern_ops);