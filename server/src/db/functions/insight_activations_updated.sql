-- insight_activations_updated: the current definition (history: migrations, last 0029_insights.sql).
-- Fired by: every update of public.activations (once per statement); it counts the rows whose
-- refunded_at was set or cleared (activation.repository.ts: the undo of issue 27).
-- Why SQL: a trigger runs inside the undoing transaction (see insight_activations_inserted).
--
CREATE OR REPLACE FUNCTION insight_activations_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_undone jsonb; v_redone jsonb;
BEGIN
  SELECT jsonb_agg(to_jsonb(n)) FILTER (WHERE n.refunded_at IS NOT NULL), jsonb_agg(to_jsonb(n)) FILTER (WHERE n.refunded_at IS NULL)
    INTO v_undone, v_redone
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.refunded_at IS NULL) <> (n.refunded_at IS NULL);
  IF v_undone IS NOT NULL THEN INSERT INTO public.insight_pending (kind, rows) VALUES ('undone', v_undone); END IF;
  IF v_redone IS NOT NULL THEN INSERT INTO public.insight_pending (kind, rows) VALUES ('sales', v_redone); END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS activations_insight_update ON public.activations;
CREATE TRIGGER activations_insight_update AFTER UPDATE ON public.activations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_activations_updated();
