-- panel_admin_role: the admin role's id. The admin role is the first role: the seed makes it
-- first, it holds every permission and can be neither edited nor deleted.
-- Called by: in_reach (so credit_share), and db/roles.ts `adminRoleId`, which every TypeScript
-- check of "is this the admin role" goes through.
-- Why SQL: the SQL rules need it inside their own statement; the TypeScript side reads it from
-- here, so "the first role" is written once.
CREATE OR REPLACE FUNCTION panel_admin_role() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT min(id) FROM roles
$$;
