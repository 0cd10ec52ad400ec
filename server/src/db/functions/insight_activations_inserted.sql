-- insight_activations_inserted: the current definition (history: migrations, last 0029_insights.sql).
-- Fired by: every insert into public.activations (activation.repository.ts `insertActivations`,
-- called by activation.service.ts and codes.service.ts when a code is redeemed).
-- Why SQL: a trigger runs inside the inserting transaction, whoever inserts: the sale's record
-- (insight_pending, folded by insight_fold after the commit) commits with the activation rows or not at all.
--
CREATE OR REPLACE FUNCTION insight_activations_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_rows jsonb;
BEGIN
  SELECT jsonb_agg(to_jsonb(n)) INTO v_rows FROM new_rows n WHERE n.refunded_at IS NULL;
  IF v_rows IS NOT NULL THEN INSERT INTO public.insight_pending (kind, rows) VALUES ('sales', v_rows); END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS activations_insight_insert ON public.activations;
CREATE TRIGGER activations_insight_insert AFTER INSERT ON public.activations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_activations_inserted();
