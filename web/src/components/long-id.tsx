import { Group, Text, Tooltip } from '@mantine/core';
import { CopyValueButton } from './copy-value-button';

/**
 * A long id (an order UUID, a provider's transaction id) cut to one line: the whole value is in
 * its tooltip, in the copy button and, for a screen reader, in the text itself.
 */
export function LongId({ value, copyLabel, maw = 120 }: { value: string; copyLabel: string; maw?: number }) {
  return (
    <Group gap={2} wrap="nowrap" miw={0}>
      <Tooltip label={value} withArrow>
        <Text size="xs" ff="monospace" dir="ltr" truncate="end" maw={maw} miw={0}>
          {value}
        </Text>
      </Tooltip>
      <CopyValueButton value={value} label={copyLabel} />
    </Group>
  );
}
