-- insight_ledger_inserted: the current definition (history: migrations, last 0030_insights_grains_shards.sql).
-- Fired by: inserts into public.credit_ledger of 'Activation Code' rows (credit_move).
-- Why SQL: a trigger runs inside the move's transaction (see insight_activations_inserted).
--
-- The credits of code purchases and renewals ('Activation Code' rows). A code refund is counted
-- when the delete links its 'Refund' row to the code's sale (below), on the sale's day.
CREATE OR REPLACE FUNCTION insight_ledger_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_day date := (NEW.created_at AT TIME ZONE 'UTC')::date;
BEGIN
  INSERT INTO public.insight_pending (kind, account_id, day, activations, credits, refunds)
    VALUES ('code', NEW.debitor_id, v_day, 0, NEW.credit_point, 0);
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS credit_ledger_insight_insert ON public.credit_ledger;
CREATE TRIGGER credit_ledger_insight_insert AFTER INSERT ON public.credit_ledger
  FOR EACH ROW WHEN (NEW.tr_type = 'Activation Code' AND NEW.debitor_id IS NOT NULL) EXECUTE FUNCTION insight_ledger_inserted();
