import type { ReactNode } from 'react';
import { Card, Group, Text, Title } from '@mantine/core';

/**
 * One part of a settings screen (Security, Integrations): a bordered card with its h2 title, an
 * optional state beside it (a badge), a dimmed line saying what the part is for, then its content.
 */
export function SectionCard({ title, description, aside, children }: { title: string; description?: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb={description ? 0 : 'md'}>
        <Title order={2} size="h4">
          {title}
        </Title>
        {aside}
      </Group>
      {description && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Card>
  );
}
