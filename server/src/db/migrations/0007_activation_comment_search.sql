-- Custom SQL migration file, put your code below! --
-- The general search of the activated apps list and the activation logs matches remarks too (3+ characters).
CREATE INDEX IF NOT EXISTS "activations_comment_trgm_idx" ON "activations" USING gin ("comment" gin_trgm_ops);
