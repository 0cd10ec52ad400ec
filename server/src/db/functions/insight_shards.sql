-- insight_shards: the current definition (history: migrations, last 0030_insights_grains_shards.sql).
-- Called by: insight_scopes, insight_parent_changed, insight_rebuild_figures (the 'tree' rows' shard).
-- Why SQL: the roll-up's functions read it; it is made per engine (PGlite or PostgreSQL).
--
-- The roll-up's layout from here (issue 27, speed): besides its days, `insight_daily` keeps each
-- key's weeks (from Monday) and months (`grain`), which a long range reads instead of its days; and
-- a tree's rows are spread over shards by the selling account (`shard` = its id % insight_shards(),
-- summed at read time), as the panel's 'all' key already was, so that the accounts of one tree
-- selling at once seldom wait on one row until their commits. Four on PostgreSQL; one on PGlite,
-- where transactions run one at a time and nothing ever waits on a row, so shards would only
-- multiply the rows a read sums. The count shapes the layout only: the figures are right with any.
DO $$ BEGIN
  EXECUTE format('CREATE OR REPLACE FUNCTION insight_shards() RETURNS integer LANGUAGE sql IMMUTABLE AS %L',
    'SELECT ' || CASE WHEN version() LIKE '%PGlite%' THEN 1 ELSE 4 END);
END $$;
