-- insight_code_refunded: the current definition (history: migrations, last 0030_insights_grains_shards.sql).
-- Fired by: insight_code_refund linking a code's sale to its refund (trigger on insight_code_sales).
-- Why SQL: a trigger runs inside the code deletion's transaction (see insight_activations_inserted).
--
-- A code refunded: one code and the refund's credits taken back on the sale's day, under the
-- account that bought it.
CREATE OR REPLACE FUNCTION insight_code_refunded() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_credits bigint;
BEGIN
  SELECT l.credit_point INTO v_credits FROM public.credit_ledger l WHERE l.id = NEW.refund_ledger_id;
  INSERT INTO public.insight_pending (kind, account_id, day, activations, credits, refunds)
    VALUES ('code', NEW.account_id, NEW.day, -1, -v_credits, 1);
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS insight_code_sales_refunded ON public.insight_code_sales;
CREATE TRIGGER insight_code_sales_refunded AFTER UPDATE OF refund_ledger_id ON public.insight_code_sales
  FOR EACH ROW WHEN (OLD.refund_ledger_id IS NULL AND NEW.refund_ledger_id IS NOT NULL) EXECUTE FUNCTION insight_code_refunded();
