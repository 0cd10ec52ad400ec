import { expect, type Page } from '@playwright/test';
import { E2E } from './env';

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
