import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/** A row's state in its colour, never shortened ("ACTI…") when a narrow table squeezes its column. */
export function StatusBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge color={color} variant="light" style={{ minWidth: 'max-content' }}>
      {children}
    </Badge>
  );
}
