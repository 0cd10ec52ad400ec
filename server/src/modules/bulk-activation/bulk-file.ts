import { CsvError, parse } from 'csv-parse/sync';
import { BULK_CSV_HEADER, BULK_MAX_ROWS } from '@panel/contract';
import { AppError } from '../../http/app-error.js';

/** A data row of the file: its number as a spreadsheet shows it (the header is row 1) and its cells. */
export type FileRow = { row: number; cells: string[] };

/** A refusal of the whole file: a 422 on `file` whose message is also the answer's `msg`. */
const fileError = (key: string, params: Record<string, string | number> = {}) => new AppError('VALIDATION', { key, fields: { file: [key] }, params });

/**
 * Spreadsheet programs in locales that write decimal commas (German, Portuguese, Spanish, …)
 * save CSV with `;`: the header line says which separator the file uses.
 */
function separatorOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

/**
 * Reads a bulk activation file: UTF-8 (a byte order mark is skipped), `,` or `;` separated, quoted
 * cells holding separators, quotes and line breaks. The header must name `mac_address`, `apps` and
 * `package` in that order (`comment` may follow). Blank rows are skipped but keep their number.
 * A file that is not UTF-8 or not CSV, without the header, without rows or over BULK_MAX_ROWS
 * rows is refused whole.
 */
export function readBulkFile(bytes: Buffer | undefined): FileRow[] {
  if (!bytes || bytes.length === 0) throw fileError('bulk.fileRequired');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw fileError('bulk.notUtf8');
  }
  let records: string[][];
  try {
    // A quote inside an unquoted cell (`12" screen`) is read as a character, as spreadsheets do.
    records = parse(text, { delimiter: separatorOf(text), relax_column_count: true, relax_quotes: true, trim: true, skip_empty_lines: false });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const { lines, records: read } = error as CsvError & { lines: number; records: number };
    // An unclosed quote is only noticed at the end of the file: name the line where its row began.
    throw fileError('bulk.unreadable', { line: error.code === 'CSV_QUOTE_NOT_CLOSED' ? read + 1 : lines });
  }
  const header = (records[0] ?? []).map((cell) => cell.toLowerCase());
  const expected = BULK_CSV_HEADER.slice(0, 3);
  const headerOk = expected.every((name, i) => header[i] === name) && (header.length === 3 || (header.length === 4 && header[3] === 'comment'));
  if (!headerOk) throw fileError('bulk.headerMissing', { header: BULK_CSV_HEADER.join(',') });
  const rows = records
    .map((cells, index) => ({ row: index + 1, cells }))
    .slice(1)
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
  if (rows.length === 0) throw fileError('bulk.noRows');
  if (rows.length > BULK_MAX_ROWS) throw fileError('bulk.tooManyRows', { max: BULK_MAX_ROWS, rows: rows.length });
  return rows;
}
