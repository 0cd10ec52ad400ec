import type { ReactNode } from 'react';
import { Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CheckDeviceAnswer } from '@panel/contract';
import { CardTable } from './card-table';
import { StatusBadge } from './status-badge';

export type DevicePlaylist = CheckDeviceAnswer['playlists'][number];

/** One value of the grid; `false` leaves out a field the device does not have. */
export type DeviceDetail = { label: string; value: ReactNode } | false;

/** One column of the playlists table; `wraps` lets a long value (a URL) break anywhere. */
export type PlaylistColumn<P = DevicePlaylist> = { header: string; cell: (playlist: P) => ReactNode; wraps?: boolean };

type Props<P> = {
  details: DeviceDetail[];
  playlists: P[];
  columns: PlaylistColumn<P>[];
  /**
   * The playlists heading (also the table's name), what shows when there are none, and what says
   * that the device has playlists the caller may not read (when it has any).
   */
  texts: { playlists: string; noPlaylists: string; hidden?: string | undefined };
};

/**
 * A device as the device screens show it (Check Mac's result, the playlists page's MAC status),
 * or an activation code with its device: its data in a two-column grid, then its playlists. Each
 * screen picks its fields, columns and texts; a label and its value are sibling texts.
 */
export function DeviceDetails<P>({ details, playlists, columns, texts }: Props<P>) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        {details.map(
          (detail) =>
            detail && (
              <div key={detail.label}>
                <Text size="xs" c="dimmed">
                  {detail.label}
                </Text>
                <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                  {detail.value}
                </Text>
              </div>
            ),
        )}
      </SimpleGrid>
      <Divider label={texts.playlists} labelPosition="left" />
      {playlists.length === 0 ? (
        !texts.hidden && (
          <Text size="sm" c="dimmed">
            {texts.noPlaylists}
          </Text>
        )
      ) : (
        <CardTable
          label={texts.playlists}
          columns={columns.map((column) => ({ key: column.header, header: column.header, render: column.cell, fit: column.wraps ? 'wraps' : undefined }))}
          rows={playlists}
          rowKey={(_, index) => index}
          minWidth={440}
        />
      )}
      {texts.hidden && (
        <Text size="sm" c="dimmed">
          {texts.hidden}
        </Text>
      )}
    </Stack>
  );
}

/** The device's status as a green or red badge, in the screen's words. */
export function DeviceStatusBadge({ active, children }: { active: boolean; children: ReactNode }) {
  return (
    <StatusBadge color={active ? 'green' : 'red'}>
      {children}
    </StatusBadge>
  );
}
