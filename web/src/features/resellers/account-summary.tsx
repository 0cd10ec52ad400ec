import { Card, Group, Stack, Text } from '@mantine/core';

/** A name and e-mail pair under a heading (the account being moved, its current parent). */
export function AccountSummary({ heading, name, email }: { heading: string; name: string; email: string }) {
  return (
    <Card withBorder padding="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {heading}
        </Text>
        <Group gap="xs">
          <Text fw={600}>{name}</Text>
          <Text c="dimmed">{email}</Text>
        </Group>
      </Stack>
    </Card>
  );
}
