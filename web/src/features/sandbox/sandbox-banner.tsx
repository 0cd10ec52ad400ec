import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMode } from '../../lib/mode';

// Its form and number input load when it is opened, not with every signed-in screen.
const TestCreditModal = lazy(() => import('./test-credit-modal').then((m) => ({ default: m.TestCreditModal })));

/**
 * Above every signed-in screen while in the sandbox: says that nothing here is live, and offers
 * test credit to try purchases and activations with.
 */
export function SandboxBanner() {
  const { t } = useTranslation();
  const mode = useMode();
  const [adding, setAdding] = useState(false);
  if (mode !== 'sandbox') return null;
  return (
    <Alert color="orange" variant="light" role="status" mb="md" icon={<IconFlask aria-hidden />} title={t('mode.banner.title')}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('mode.banner.text')}</Text>
        <Button size="xs" color="orange" variant="filled" onClick={() => setAdding(true)}>
          {t('mode.banner.addCredit')}
        </Button>
      </Group>
      {adding && (
        <Suspense fallback={null}>
          <TestCreditModal onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </Alert>
  );
}
