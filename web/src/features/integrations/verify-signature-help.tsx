import { Accordion, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconCode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../components/copy-value-button';

/** Node: the Standard Webhooks package checks the signatures and the timestamp's age in one call. */
const NODE_EXAMPLE = `import express from 'express';
import { Webhook } from 'standardwebhooks';

// The endpoint's signing secret (whsec_…), kept with the bot.
const wh = new Webhook(process.env.PANEL_WEBHOOK_SECRET);
const app = express();

// The raw body: the signature covers the exact bytes sent, not re-serialised JSON.
app.post('/panel-webhook', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = wh.verify(req.body.toString('utf8'), req.headers);
  } catch {
    return res.status(401).end();
  }
  // event.type, event.data; the webhook-id header is the same on every retry.
  res.status(204).end();
});`;

/** PHP by hand: HMAC-SHA256 of "id.timestamp.body" with the secret's bytes, compared to each v1 signature. */
const PHP_EXAMPLE = `<?php
$secret = getenv('PANEL_WEBHOOK_SECRET'); // whsec_…
$body = file_get_contents('php://input');
$id = $_SERVER['HTTP_WEBHOOK_ID'] ?? '';
$timestamp = $_SERVER['HTTP_WEBHOOK_TIMESTAMP'] ?? '';
$header = $_SERVER['HTTP_WEBHOOK_SIGNATURE'] ?? '';

if (abs(time() - (int) $timestamp) > 300) { http_response_code(401); exit; }

$expected = base64_encode(hash_hmac('sha256', "$id.$timestamp.$body", base64_decode(substr($secret, 6)), true));
$valid = false;
foreach (explode(' ', $header) as $signature) {
    [$version, $value] = array_pad(explode(',', $signature, 2), 2, '');
    if ($version === 'v1' && hash_equals($expected, $value)) { $valid = true; }
}
if (!$valid) { http_response_code(401); exit; }

$event = json_decode($body, true); // $event['type'], $event['data']
http_response_code(204);`;

function Example({ title, code }: { title: string; code: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h6">
          {title}
        </Title>
        <CopyValueButton value={code} label={t('integrations.verify.copyNamed', { name: title })} />
      </Group>
      {/* Code reads left to right in every language; it scrolls inside its box, never the page. */}
      <Code block dir="ltr" tabIndex={0} aria-label={title} style={{ textAlign: 'left', overflowX: 'auto' }}>
        {code}
      </Code>
    </Stack>
  );
}

/** "Verify the signature": how a bot checks that a call comes from the panel, folded until asked for. */
export function VerifySignatureHelp() {
  const { t } = useTranslation();
  return (
    <Accordion variant="contained" chevronPosition="right">
      <Accordion.Item value="verify">
        <Accordion.Control icon={<IconCode size={18} aria-hidden />}>{t('integrations.verify.title')}</Accordion.Control>
        <Accordion.Panel>
          <Stack>
            <Text size="sm">{t('integrations.verify.intro')}</Text>
            <Example title={t('integrations.verify.node')} code={NODE_EXAMPLE} />
            <Example title={t('integrations.verify.php')} code={PHP_EXAMPLE} />
            <Text size="sm" c="dimmed">
              {t('integrations.verify.phpLibrary')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('integrations.verify.rollNote')}
            </Text>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
