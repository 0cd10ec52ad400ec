/**
 * A spreadsheet opens a cell starting with = + - @ (or a tab or carriage return) as a formula
 * (DESIGN.md §4): such a cell gets a leading quote, so it is read as text.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const quoted = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * RFC 4180 lines (CRLF) with every cell neutralised, and a byte order mark so spreadsheets read
 * UTF-8 (Arabic) right. A file made to be read back by the panel (a bulk activation) keeps its
 * cells as they are: `neutralise: false`.
 */
export function toCsv(rows: readonly (readonly string[])[], options: { neutralise?: boolean } = {}): string {
  const cellOf = options.neutralise === false ? quoted : (cell: string) => quoted(neutraliseCell(cell));
  return `\uFEFF${rows.map((row) => row.map(cellOf).join(',')).join('\r\n')}\r\n`;
}

/** A CSV built in the browser, as a blob the download helper hands to the browser. */
export const csvBlob = (rows: readonly (readonly string[])[], options: { neutralise?: boolean } = {}) =>
  new Blob([toCsv(rows, options)], { type: 'text/csv;charset=utf-8' });
