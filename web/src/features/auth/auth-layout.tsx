import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Title } from '@mantine/core';
import { LanguageSwitcher } from '../../components/language-switcher';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The centred card every public screen (sign-in, sign-up, password and e-mail screens) sits in. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Box mih="100vh" pos="relative" bg="var(--mantine-color-body)">
      <Box component="header" pos="absolute" top={16} style={{ insetInlineEnd: 16 }}>
        <LanguageSwitcher />
      </Box>
      <Center component="main" mih="100vh" px="md" py={72}>
        <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
          <Stack gap="lg">
            <Title order={1} size="h2" ta="center">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
