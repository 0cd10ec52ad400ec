-- insight_rebuild: the current definition (history: migrations, last 0031_insights_memo.sql).
-- Called by: tests (insights.routes.test.ts), the bench (bench/src/insights.ts, backup.ts) and
-- migrations 0029/0030 on an existing panel.
-- Why SQL: a set-based recount of the whole roll-up from the raw rows, in one transaction.
--
CREATE OR REPLACE FUNCTION insight_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.insight_rebuild_figures();
  DELETE FROM public.insight_memo;
  UPDATE public.insight_generation SET generation = generation + 1;
END $$;
