import { test } from '@playwright/test';
import { signInAdmin } from './helpers';

/**
 * Before the specs run two at a time: the admin's first sign-in sets its credit-share passcode,
 * and two browsers doing it at once would have the second refused (the passcode exists).
 */
test('the admin signs in once and sets its credit-share passcode', async ({ page }) => {
  await signInAdmin(page);
});
