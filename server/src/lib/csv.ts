import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * CSV downloads (the credit and activation reports, the devices export), written batch by batch
 * while the client downloads: a report never holds more than one batch of rows.
 */

/** Rows read per batch: a report's memory is about this many rows, whatever its length. */
export const REPORT_BATCH = 1000;

/** A cell that a spreadsheet would run as a formula starts with a quote instead (DESIGN.md §4). */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A byte order mark: spreadsheet programs then read the file as UTF-8 (Arabic remarks). */
const BOM = '\uFEFF';

/**
 * A report as CSV text chunks, read batch by batch with `batch(afterId, size)` (keyset on the
 * rows' ids, oldest first): the first batch is read before answering, so that an empty report is
 * an error answer (`empty`) rather than an empty file; without `empty` it is the header alone.
 * The rest is read while the client downloads, one batch when the previous one has been taken:
 * no transaction stays open between batches (PGlite is one connection).
 */
export async function csvReport<R extends { id: number }>(options: {
  header: readonly string[];
  batch: (afterId: number, size: number) => Promise<R[]>;
  line: (row: R) => (string | number | null)[];
  empty?: () => Error;
  /** Starts the file with a byte order mark. */
  bom?: boolean;
  /** Rows per batch (REPORT_BATCH). */
  batchSize?: number;
}): Promise<AsyncIterable<string>> {
  const size = options.batchSize ?? REPORT_BATCH;
  const first = await options.batch(0, size);
  if (first.length === 0 && options.empty) throw options.empty();
  const header = `${options.bom ? BOM : ''}${csvLine([...options.header])}`;
  async function* chunks() {
    yield header;
    let batch = first;
    while (batch.length > 0) {
      yield batch.map((r) => csvLine(options.line(r))).join('');
      if (batch.length < size) return;
      batch = await options.batch(batch.at(-1)!.id, size);
    }
  }
  return chunks();
}

/**
 * Answers the chunks as a CSV attachment. The stream buffers one chunk ahead (highWaterMark 1,
 * where an object stream's default is 16): the next batch is read while the socket sends the
 * last one, and a slow client holds the reading back rather than the server's memory. A client
 * that goes away ends the stream, and with it the reading.
 */
export function sendCsv(reply: FastifyReply, name: string, chunks: AsyncIterable<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks, { highWaterMark: 1 }));
}
