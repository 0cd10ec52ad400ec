import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E } from './env';
import { latestMailTo } from './mail';

let counter = 0;
export function uniqueEmail(label: string) {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@e2e.test`;
}

export const PASSWORD = 'Strong@123';
export const PASSCODE = '482915';

/** Signs in on the sign-in screen (the admin's own screen for the admin). */
export async function signIn(page: Page, email: string, password: string, options: { admin?: boolean } = {}) {
  await page.goto(options.admin ? `/${E2E.adminPrefix}/admin-login` : '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInAdmin(page: Page) {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, { admin: true });
  await passPasscodeScreen(page);
}

/** The first sign-in of every account asks for its credit-share passcode before the dashboard. */
export async function passPasscodeScreen(page: Page) {
  await page.waitForURL(/\/(set-passcode-modal|dashboard)$/);
  if (page.url().endsWith('/set-passcode-modal')) {
    await page.getByLabel('Passcode', { exact: true }).fill(PASSCODE);
    await page.getByLabel('Confirm passcode').fill(PASSCODE);
    await page.getByRole('button', { name: 'Save passcode' }).click();
  }
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The signed-in browser's session as an API caller: the bearer token from its cookie. */
export async function bearer(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value;
  expect(token).toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

/** A sidebar link, opening its group first when it is collapsed; waits for the link's address. */
export async function openGroup(page: Page, group: string, link: string) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const entry = nav.getByRole('link', { name: link, exact: true });
  if (!(await entry.isVisible())) await nav.getByRole('button', { name: group, exact: true }).click();
  const href = await entry.getAttribute('href');
  await entry.click();
  if (href) await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

/**
 * Picks an option of a Mantine select (the device screens' Module field). Its options are
 * rendered only while it is open, so the option is looked up page-wide.
 */
export async function pickOption(select: Locator, option: string) {
  await select.click();
  await select.page().getByRole('option', { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

/** A MAC address no other run or spec uses, in a player's upper-case, dash-separated form. */
export function randomMac(): string {
  return Array.from({ length: 6 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0')
      .toUpperCase(),
  ).join('-');
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Through the API, as the signed-in admin on `admin`: recharges `email` (its own e-mail: self credit) with `points`. */
export async function adminRecharge(admin: Page, email: string, points: number) {
  const recharge = await admin.request.post('/api/admin-recharge-credit', {
    headers: { ...(await bearer(admin)), 'request-id': crypto.randomUUID() },
    data: { resellerEmail: base64(email), creditPoint: base64(String(points)), creditSharePasscode: base64(PASSCODE) },
  });
  expect(recharge.ok(), await recharge.text()).toBe(true);
}

/**
 * Through the API, as the signed-in admin on `admin`: a new reseller allowed `appIds`, holding
 * `credit` points (the admin first recharges itself with them), with its password chosen.
 */
export async function createFundedReseller(admin: Page, options: { label: string; name: string; appIds: number[]; credit: number }) {
  const headers = await bearer(admin);
  const email = uniqueEmail(options.label);
  const created = await admin.request.post('/api/add-resellers', {
    headers,
    data: { requestData: { name: options.name, email, application_allowed: options.appIds } },
  });
  expect(created.status(), await created.text()).toBe(201);
  for (const to of [E2E.adminEmail, email]) await adminRecharge(admin, to, options.credit);
  const invitation = new URL((await latestMailTo(email)).link);
  const password = await admin.request.post('/api/password/create', {
    data: { email, token: invitation.searchParams.get('token'), password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(password.ok(), await password.text()).toBe(true);
  return email;
}

type PlayerPlaylist = { name: string; url: string; type: string; username: string | null; password: string | null; epg_url: string | null };
export type PlayerDevice = { mac_address: string; device_key: string; expire_date: string; status: string; is_trial: number; playlists: PlayerPlaylist[] };

/** An installation secret as a player generates one at its first start (16 random bytes, base64url). */
export function deviceSecret(): string {
  return randomBytes(16).toString('base64url');
}

/** Each device's installation secret, so that a repeat register in the same run gets the key back. */
const secrets = new Map<string, string>();

/**
 * A call of the player API, as a media player on a device makes it (no session). A register
 * brings the device's installation secret: only its holder gets the key and the playlists.
 */
export async function playerCall(request: APIRequestContext, path: 'register' | 'status', data: Record<string, unknown>): Promise<PlayerDevice> {
  if (path === 'register' && data.device_secret === undefined) {
    const device = `${String(data.app_id)} ${String(data.mac_address).toLowerCase().replace(/-/g, ':')}`;
    if (!secrets.has(device)) secrets.set(device, deviceSecret());
    data = { ...data, device_secret: secrets.get(device) };
  }
  const res = await request.post(`/api/player/${path}`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: PlayerDevice }).data;
}

/** The id of one of the signed-in caller's applications, by name. */
export async function appIdOf(page: Page, name: string): Promise<number> {
  const res = await page.request.get('/api/fetch-allowed-applications', { headers: await bearer(page) });
  const list = ((await res.json()) as { data: { ApplicationList: { id: number; app_name: string }[] } }).data.ApplicationList;
  const app = list.find((a) => a.app_name === name);
  expect(app, `${name} is among the caller's applications`).toBeTruthy();
  return app!.id;
}

/** Through the API: `email` (a reseller with credit) signs in and activates `mac` for a year in these applications. */
export async function activateAs(page: Page, email: string, mac: string, appIds: number[]) {
  const login = await page.request.post('/api/login', { data: { email, password: PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const res = await page.request.post('/api/bulk-multi-app-activate', {
    headers: { authorization: `Bearer ${token}` },
    data: { requestData: { is_trial: 3, macAddress: mac, app_ids: appIds, isConfirmed: true } },
  });
  expect(res.status(), await res.text()).toBe(200);
}
