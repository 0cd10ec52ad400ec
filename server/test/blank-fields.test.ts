import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';
import { adminToken, createReseller, type TestUser } from './fixtures.js';

/**
 * Clients built on the specification send the optional fields of list and filter calls they leave
 * empty as '' (or null in JSON): that means "not given", on every such call. Each call below is
 * answered exactly as if those fields were missing.
 */
let t: TestApp;
let admin: string;
let reseller: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  reseller = await createReseller(t);
  await createReseller(t, { parent: reseller });
});
afterAll(() => t.close());

const blankQuery = (fields: string[]) => Object.fromEntries(fields.map((f) => [f, '']));

describe.each([
  ['/api/total-resellers/list', ['search_title', 'page_number', 'page_size', 'sort_key', 'sort_type']],
  ['/api/deleted-resellers/list', ['search_title', 'page_number', 'page_size', 'sort_key', 'sort_type']],
  ['/api/resellers-switch-assign-list', ['query']],
  ['/api/get-applications', ['page_number', 'page_size', 'search_title', 'sort_key', 'sort_type']],
  ['/api/users', ['page', 'page_size', 'search']],
  ['/api/resellers-notifications', ['page_number', 'page_size']],
  ['/api/activation-codes', ['page', 'per_page', 'search_query', 'sort_key', 'sort_type', '_t', 'date_from', 'date_to']],
])('GET %s', (url, fields) => {
  it('answers empty query fields as if they were not sent', async () => {
    const omitted = await t.call({ method: 'GET', url, token: admin });
    const blank = await t.call({ method: 'GET', url, token: admin, query: blankQuery(fields) });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json()).toEqual(omitted.json());
  });
});

describe('GET /api/sub-resellers-list/:id', () => {
  it('answers empty query fields as if they were not sent', async () => {
    const url = `/api/sub-resellers-list/${reseller.id}`;
    const omitted = await t.call({ method: 'GET', url, token: reseller.token });
    const blank = await t.call({ method: 'GET', url, token: reseller.token, query: blankQuery(['page', 'pageSize', 'search', 'sort_key', 'sort_type']) });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json()).toEqual(omitted.json());
  });
});

const activationFilters = ['search_type', 'keyword', 'sort_key', 'sort_type', 'start_date', 'end_date'];

describe.each([
  ['/api/credit-transaction-logs', ['userId', 'groupId', 'page_number', 'page_size', 'keyword', 'transaction_type', 'sort_key', 'sort_type'], (b: object) => b],
  ['/api/activation-logs', ['page_number', 'page_size', 'mac_address', ...activationFilters], (b: object) => b],
  ['/api/activated-apps-list', ['moduleType', 'pageNumber', 'pageSize', ...activationFilters], (b: object) => ({ requestData: b })],
])('POST %s', (url, fields, wrap) => {
  it.each(['', null])('answers optional fields sent as %j as if they were not sent', async (blank) => {
    const omitted = await t.call({ method: 'POST', url, token: admin, payload: wrap({}) });
    const res = await t.call({ method: 'POST', url, token: admin, payload: wrap(Object.fromEntries(fields.map((f) => [f, blank]))) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(omitted.json());
  });
});

describe('POST /api/activation-report-download-reseller-list', () => {
  it('reads an empty module as every module', async () => {
    const url = '/api/activation-report-download-reseller-list';
    const omitted = await t.call({ method: 'POST', url, token: admin, payload: { reseller_id: reseller.id } });
    const blank = await t.call({ method: 'POST', url, token: admin, payload: { reseller_id: String(reseller.id), moduleType: '' } });
    // This reseller activated nothing: both answer 'No records found for this reseller.'
    expect([blank.statusCode, blank.body]).toEqual([omitted.statusCode, omitted.body]);
  });
});
