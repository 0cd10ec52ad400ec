import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { session } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The error pages of core-panel.md §2: /404, /401 and /403. */
export function ErrorPage({ code }: { code: 404 | 401 | 403 }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`errorPages.${code}.title`));
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1}>{t(`errorPages.${code}.title`)}</Title>
        <Text size="lg">{t(`errorPages.${code}.message`)}</Text>
        <Button component={Link} to={session.isSignedIn() ? '/dashboard' : '/login'} variant="light">
          {session.isSignedIn() ? t('errorPages.toDashboard') : t('errorPages.toLogin')}
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * The router's error boundary: a rendering failure shows this instead of a blank page (the
 * boundary, RenderErrorBoundary in app/router.tsx, writes it to the console and reports it).
 */
export function RenderErrorPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('errorPages.render.title'));
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} ta="center">
          {t('errorPages.render.title')}
        </Title>
        <Text ta="center">{t('errorPages.render.message')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errorPages.render.reload')}</Button>
      </Stack>
    </Center>
  );
}
