import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { appIdOf, createFundedReseller, openGroup, passPasscodeScreen, PASSWORD, signIn, signInAdmin } from './helpers';

type Received = { headers: IncomingHttpHeaders; body: string };

/**
 * A bot's receiver on 127.0.0.1 (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=true, see
 * playwright.config.ts): it keeps every call and answers 200.
 */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/panel-webhook`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The Standard Webhooks check, by hand: v1 = base64 HMAC-SHA256 of "id.timestamp.body" with the secret's bytes. */
function signatureValid(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`).digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((signature) => signature === `v1,${expected}`);
}

test('a reseller adds a webhook endpoint, sends the test event, sees it delivered and redelivers it, and creates a scoped key', async ({ page, browser }) => {
  // Two sign-ins, a funded reseller and two waits on the delivery worker: about 2 minutes on a busy machine.
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  try {
    await signInAdmin(page);
    const email = await createFundedReseller(page, { label: 'webhooks', name: 'Webhook Reseller', appIds: [await appIdOf(page, 'IBOPLAYER')], credit: 5 });
    const reseller = await (await browser.newContext()).newPage();
    await signIn(reseller, email, PASSWORD);
    await passPasscodeScreen(reseller);

    await openGroup(reseller, 'Settings', 'Integrations');
    await expect(reseller.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    await expect(reseller.getByText(/No webhook endpoint yet/)).toBeVisible();

    // Add the endpoint: the receiver above, two events.
    await reseller.getByRole('button', { name: 'Add an endpoint' }).click();
    const form = reseller.getByRole('dialog', { name: 'Add a webhook endpoint' });
    const url = form.getByLabel('Endpoint URL');
    // First a URL the server refuses (credentials in it): the dialog, scrolled down to its button,
    // goes back up to the field, which takes focus, and the button says what stopped it.
    await url.fill(receiver.url.replace('http://', 'http://bot:secret@'));
    await form.getByLabel('Description').fill('E2E bot');
    await form.getByLabel(/Activation succeeded/).check();
    await form.getByLabel(/Credit received/).check();
    const add = form.getByRole('button', { name: 'Add endpoint' });
    await add.scrollIntoViewIfNeeded();
    await expect(url).not.toBeInViewport();
    await add.click();
    await expect(url).toBeFocused();
    await expect(form.getByText('The URL may not contain a user name or password.')).toBeInViewport();
    const summary = form.getByRole('status');
    await expect(summary).toHaveText('1 field needs attention');
    const [said, button] = [(await summary.boundingBox())!, (await add.boundingBox())!];
    expect(Math.abs(said.y + said.height / 2 - (button.y + button.height / 2)), 'the summary stands beside the button').toBeLessThan(button.height);
    await url.fill(receiver.url);
    await add.click();

    // Its secret, shown this once.
    const secretDialog = reseller.getByRole('dialog', { name: 'Endpoint added: its signing secret' });
    await expect(secretDialog.getByText(/it is shown this once/)).toBeVisible();
    const secret = ((await secretDialog.locator('pre').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32,}$/);
    await secretDialog.getByRole('button', { name: 'I have saved it' }).click();
    await expect(secretDialog).toBeHidden();

    const table = reseller.getByRole('table', { name: 'Webhook endpoints' });
    await expect(table.getByText(receiver.url)).toBeVisible();
    await expect(table.getByText('Active')).toBeVisible();

    // The test event reaches the receiver, signed with that secret.
    const actions = reseller.getByRole('button', { name: `Actions for ${receiver.url}` });
    await actions.click();
    await reseller.getByRole('menuitem', { name: 'Send test event' }).click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
    const first = receiver.received[0]!;
    expect(JSON.parse(first.body)).toMatchObject({ type: 'webhook.test' });
    expect(signatureValid(secret, first), 'the signature verifies with the secret shown').toBe(true);

    // Delivered, in the endpoint's deliveries, with its one attempt.
    await actions.click();
    await reseller.getByRole('menuitem', { name: 'Deliveries' }).click();
    const deliveries = reseller.getByRole('dialog', { name: 'Deliveries' });
    const list = deliveries.getByRole('list', { name: 'Deliveries of the endpoint' });
    const refresh = deliveries.getByRole('button', { name: 'Refresh' });
    const item = list.getByRole('listitem').filter({ hasText: 'webhook.test' }).first();
    // The open list reads itself again while a delivery is about to be attempted; Refresh reads it at once.
    await refresh.click();
    await expect(item).toContainText('Delivered', { timeout: 30_000 });
    await item.getByRole('button', { name: '1 attempt' }).click();
    const attempts = item.getByRole('list', { name: 'Attempts' });
    await expect(attempts.getByRole('listitem')).toHaveCount(1);
    await expect(attempts).toContainText('200');
    await expect(attempts.locator('pre')).toContainText('{"received":true}');

    // Redelivered: the same event (same webhook-id) once more, and a second attempt in the list.
    await item.getByRole('button', { name: /^Redeliver webhook\.test of/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(signatureValid(secret, receiver.received[1]!)).toBe(true);
    // The list reads itself for a while after a redelivery: the second attempt shows without a click.
    await expect(item.getByRole('button', { name: '2 attempts' })).toBeVisible({ timeout: 30_000 });
    // Escape rather than the close button, which the redelivery's toast may cover for a few seconds.
    await reseller.keyboard.press('Escape');
    await expect(deliveries).toBeHidden();

    // A scoped key for a bot: read only, shown once, listed by its first characters, renamed, then revoked.
    await reseller.getByRole('button', { name: 'Create a key' }).click();
    const keyForm = reseller.getByRole('dialog', { name: 'New API key' });
    await keyForm.getByLabel('Key name').fill('E2E bot');
    await keyForm.getByLabel(/^Read/).check();
    await keyForm.getByRole('button', { name: 'Create key' }).click();
    const keyDialog = reseller.getByRole('dialog', { name: 'Your new API key' });
    const key = ((await keyDialog.getByLabel('API key').textContent()) ?? '').trim();
    expect(key).toMatch(/^rsk_[A-Za-z0-9_-]{43}$/);
    await keyDialog.getByRole('button', { name: 'I have copied the key' }).click();
    const keys = reseller.getByRole('table', { name: 'API keys' });
    await expect(keys.getByText('E2E bot')).toBeVisible();
    await expect(keys.getByLabel(`Key starting with ${key.slice(0, 12)}`)).toBeVisible();
    await expect(reseller.getByText(key)).toHaveCount(0);
    await keys.getByRole('button', { name: 'Edit the key E2E bot' }).click();
    const editForm = reseller.getByRole('dialog', { name: 'Edit API key' });
    await editForm.getByLabel('Key name').fill('E2E report bot');
    await editForm.getByRole('button', { name: 'Save' }).click();
    await expect(keys.getByText('E2E report bot')).toBeVisible();
    await keys.getByRole('button', { name: 'Revoke the key E2E report bot' }).click();
    await reseller.getByRole('dialog', { name: 'Revoke this key?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(keys.getByText('Revoked')).toBeVisible();
  } finally {
    await receiver.close();
  }
});
