import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

type Props = {
  /** The title's id: the form names itself with it (`aria-labelledby`). */
  id: string;
  icon: Icon;
  title: string;
  intro: ReactNode;
};

/** The top of a form card (Check Mac, Multi-app activation, Reset playlist, Recharge credit): icon and title, then a short intro. */
export function FormHeading({ id, icon: TitleIcon, title, intro }: Props) {
  return (
    <>
      <Group gap="xs">
        <TitleIcon size={20} aria-hidden />
        <Text fw={600} id={id}>
          {title}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
    </>
  );
}
