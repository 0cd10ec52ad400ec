import type { ResellerRow } from '@panel/contract';

/** A row of the reseller list as the server sends it: an active, top-level reseller unless overridden. */
export const resellerRow = (overrides: Partial<ResellerRow> = {}): ResellerRow => ({
  id: 7,
  name: 'Omar',
  email: 'omar@example.test',
  old_email: null,
  credit_point: 12,
  credit_share_passcode: null,
  logo_path: null,
  isSubReseller: 0,
  group_id: 2,
  role_name: 'Reseller',
  parent_reseller_id: null,
  parent_reseller: null,
  created_at: '2026-01-05T10:00:00.000Z',
  last_login_time: null,
  login_ip: null,
  status: 1,
  is_disable_by_admin: 0,
  created_by: 1,
  application_allowed: [],
  total_boxes_activated: 0,
  api_access: 0,
  deleted_at: null,
  invited: false,
  ...overrides,
});
