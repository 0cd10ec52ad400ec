-- insight_code_refund: the current definition (history: migrations, last 0030_insights_grains_shards.sql).
-- Called by: insights.repository.ts `codeRefunded`, which codes.service.ts calls when it deletes a
-- code and refunds it.
-- Why SQL: sets the link that fires insight_code_refunded, inside the deleting transaction.
--
-- Called by a code's delete with the 'Refund' row that gave its price back. A sandbox connection
-- (its own codes and ledger first on the search path) refunds a sandbox code: nothing to count.
CREATE OR REPLACE FUNCTION insight_code_refund(p_code bigint, p_refund_ledger bigint) RETURNS void LANGUAGE sql AS $$
  UPDATE public.insight_code_sales SET refund_ledger_id = p_refund_ledger
  WHERE code_id = p_code AND refund_ledger_id IS NULL AND current_schema() = 'public'
$$;
