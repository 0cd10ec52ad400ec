-- insight_generation_bump: the current definition (history: migrations, last 0031_insights_memo.sql).
-- Fired by: a change of users.parent_reseller_id (as insight_parent_changed).
-- Why SQL: the memo's generation moves in the same transaction as the figures it invalidates.
--
CREATE OR REPLACE FUNCTION insight_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.insight_generation SET generation = generation + 1;
  RETURN NULL;
END $$;

-- A parent change moves a subtree's figures of every day.
DROP TRIGGER IF EXISTS users_insight_generation ON public.users;
CREATE TRIGGER users_insight_generation AFTER UPDATE OF parent_reseller_id ON public.users
  FOR EACH ROW WHEN (OLD.parent_reseller_id IS DISTINCT FROM NEW.parent_reseller_id) EXECUTE FUNCTION insight_generation_bump();
