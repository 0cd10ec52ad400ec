import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_QUERY } from '../lib/phone';
import './card-table.css';

/** A table's column, as a wide screen shows it and as a line of a phone's card. */
export type CardColumn<Row> = {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  /**
   * Its place on a phone's card: `lead` lines come first (status, amount, expiry: what the reader
   * looks for), `id` lines last (order UUIDs, transaction ids); the others keep their order between.
   * A `control` column (a row checkbox whose header is a control too) heads the card without a
   * label, its header staying in sight above the cards.
   */
  card?: 'control' | 'lead' | 'id';
  /**
   * On a wide screen, `nowrap` keeps a short value on one line (a MAC, a date) and `wraps` breaks
   * a long one anywhere (a URL). A card's value always wraps.
   */
  fit?: 'nowrap' | 'wraps';
};

/**
 * A row's actions (the column keyed `actions`, a menu or a button) stay in sight on a wide screen
 * whose table is wider than its box: the column sticks to the row's end (the right, the left in
 * Arabic) and the other columns scroll under it (card-table.css). On a phone's card it is a line.
 */
export const stickyEnd = (column: CardColumn<never>, cards: boolean) => (!cards && column.key === 'actions' ? 'card-table-sticky-end' : undefined);

const CARD_RANKS = { control: 0, lead: 1, id: 3 } as const;
const cardRank = (column: CardColumn<never>) => (column.card ? CARD_RANKS[column.card] : 2);

/** Below 768 px each row is a card of "label: value" lines, so a phone never scrolls sideways. */
export function useCards() {
  return useMediaQuery(PHONE_QUERY) ?? false;
}

/** The columns in a card's order when `cards`, else as given. */
export function cardOrder<Column extends CardColumn<never>>(columns: Column[], cards: boolean): Column[] {
  return cards ? [...columns].sort((a, b) => cardRank(a) - cardRank(b)) : columns;
}

const FIT_STYLES = { nowrap: { whiteSpace: 'nowrap' }, wraps: { overflowWrap: 'anywhere' } } as const;

/** One value of a row: a labelled line of a card, or a plain cell. */
export function CardCell<Row>({ column, row, cards }: { column: CardColumn<Row>; row: Row; cards: boolean }) {
  if (cards && column.card !== 'control') {
    return (
      <Table.Td className="card-table-line">
        {/* The header cell already names the value for assistive technology. */}
        <span className="card-table-label" aria-hidden>
          {column.header}
        </span>
        <div className="card-table-value">{column.render(row)}</div>
      </Table.Td>
    );
  }
  return (
    <Table.Td ta={column.align} style={column.fit && FIT_STYLES[column.fit]} className={stickyEnd(column, cards)}>
      {column.render(row)}
    </Table.Td>
  );
}

type Props<Row> = {
  /** The table's accessible name. */
  label: string;
  columns: CardColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** On a wide screen narrower than this, the table scrolls inside its box. */
  minWidth?: number;
  striped?: boolean;
};

/** A short list shown whole (a result, a device's playlists): a table, or cards on a phone. */
export function CardTable<Row>({ label, columns: allColumns, rows, rowKey, minWidth = 0, striped }: Props<Row>) {
  const cards = useCards();
  const columns = cardOrder(allColumns, cards);
  return (
    <div className="card-table" data-cards={cards || undefined}>
      <Table.ScrollContainer minWidth={cards ? 0 : minWidth}>
        <Table striped={striped && !cards} verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} ta={cards ? undefined : column.align} className={stickyEnd(column, cards)}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={rowKey(row, index)}>
                {columns.map((column) => (
                  <CardCell key={column.key} column={column} row={row} cards={cards} />
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
