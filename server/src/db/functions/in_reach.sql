-- in_reach: the reseller hierarchy's reach (business-panel.md §1, §6), written once. Whether
-- `p_viewer` may act on the account `p_target`:
--   'admin'  the target is an admin account (not the viewer's own): nobody else acts on it (C10014);
--   'in'     the viewer is an admin, the target's parent, or staff (a users manager holding the
--            permission its caller names, e.g. 'user-roles') acting on another account;
--   'out'    anything else (C10013);
--   NULL     no such account.
-- Removed accounts are the caller's to refuse or not (a report may look at them). The facts of the
-- viewer's session (admin, holding the staff permission) come from the caller: they are the
-- session's, which an API key may narrow; the rule is here.
-- Called by: credit_share (a move on another account, without a staff permission), and
-- modules/resellers/hierarchy.ts `targetWithinReach` (every service acting on another account).
-- Why SQL: credit_share checks the reach on the rows it has locked, inside its one statement; the
-- TypeScript side calls the same rule in the statement that reads (and locks) the target. VOLATILE
-- (the default) on purpose: its read takes a fresh snapshot, so in a statement that waited for the
-- target's row lock it sees the row as locked, not as it was before the wait.
CREATE OR REPLACE FUNCTION in_reach(p_viewer integer, p_target integer, p_viewer_is_admin boolean, p_viewer_is_staff boolean DEFAULT false)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE target record;
BEGIN
  -- Unqualified: a sandbox connection's search path finds the sandbox's view of the accounts.
  SELECT id, role_id, parent_reseller_id INTO target FROM users WHERE id = p_target;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF target.id <> p_viewer AND target.role_id = panel_admin_role() THEN
    RETURN 'admin';
  END IF;
  IF p_viewer_is_admin OR target.parent_reseller_id = p_viewer OR (p_viewer_is_staff AND target.id <> p_viewer) THEN
    RETURN 'in';
  END IF;
  RETURN 'out';
END $$;
