import { describe, expect, it } from 'vitest';
import { neutraliseCell, toCsv } from './csv';

describe('the CSV files built in the browser', () => {
  it('neutralises cells a spreadsheet would read as a formula', () => {
    expect(['=1+1', '+33', '-2', '@SUM(A1)', '\tx', 'shop@example.test', '12345'].map(neutraliseCell)).toEqual([
      "'=1+1",
      "'+33",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      'shop@example.test',
      '12345',
    ]);
  });

  it('quotes cells with commas, quotes or line breaks, and starts with a byte order mark', () => {
    expect(toCsv([['Code', 'Name'], ['1', 'a, "b"\nc']])).toBe('\uFEFFCode,Name\r\n1,"a, ""b""\nc"\r\n');
  });
});
