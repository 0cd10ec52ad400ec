-- insight_codes_inserted: the current definition (history: migrations, last 0030_insights_grains_shards.sql).
-- Fired by: inserts into public.activation_codes (codes.repository.ts).
-- Why SQL: a trigger runs inside the inserting transaction (see insight_activations_inserted).
--
-- Codes sold: counted by their rows (under the account their ledger row debited), their credits by
-- the ledger; each sale kept in `insight_code_sales`, which outlives the code.
CREATE OR REPLACE FUNCTION insight_codes_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.insight_code_sales (code_id, account_id, day)
    SELECT n.id, l.debitor_id, (n.created_at AT TIME ZONE 'UTC')::date
    FROM new_rows n JOIN public.credit_ledger l ON l.id = n.ledger_id WHERE l.debitor_id IS NOT NULL;
  INSERT INTO public.insight_pending (kind, account_id, day, activations, credits, refunds)
    SELECT 'code', l.debitor_id, (n.created_at AT TIME ZONE 'UTC')::date, count(*)::int, 0, 0
    FROM new_rows n JOIN public.credit_ledger l ON l.id = n.ledger_id
    WHERE l.debitor_id IS NOT NULL GROUP BY 2, 3;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS activation_codes_insight_insert ON public.activation_codes;
CREATE TRIGGER activation_codes_insight_insert AFTER INSERT ON public.activation_codes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_codes_inserted();
