import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every screen's dates come from lib/format.ts, in one of its two styles (see there): the log style
 * on the log screens, the record style everywhere else, "(UTC)" after the times on the UTC clock and
 * nowhere else. This reads every screen's source (components and features, .ts and .tsx).
 */
const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-utils|fixtures|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** A date the API answers (`created_at`, `deleted_at`, `expire_date`, `undo_until`…) read from a row. */
const DATE_FIELD = /\b\w+\.\w+_(?:at|date|until|time)\b/g;
/** Reads that are not shown: form values and errors, JSX's machine-readable `dateTime`, comparisons, times computed with, the undo window's check. */
const NOT_SHOWN = /form\.$|dateTime=\{$|[!=]==?\s*$|\?\?\s*$|!!$|new Date\($|undoOpen\($/;
/** The two styles' functions, and `formatTime`, the activation records table's choice between them. */
const FORMATTER = /(?:formatRecordTime|formatRecordDay|formatLogTime|formatDaysFromNow|formatTime)\($/;
/** Ways to write a date other than lib/format.ts's: the Date's own texts, Intl's, dayjs's and date-fns's. */
const OWN_FORMATTING = /\.to(?:Locale(?:Date|Time)?String|DateString|TimeString|UTCString)\(|Intl\.(?:DateTimeFormat|RelativeTimeFormat)|\.format\(\s*['"`]|from 'date-fns/g;

/** The log screens (core-panel.md §9): the activation logs (through the activation records table), the credit and withdraw share logs, the activity log. */
const LOG_SCREENS = ['components/activation-records-table.tsx', 'features/credit/credit-log-table.tsx', 'features/audit-log/activity-page.tsx'];
/** Where the specification says UTC (core-panel.md §9): ticket times. */
const UTC_SCREENS = /^features\/tickets\//;

describe('dates on the screens', () => {
  const files = sources(SRC)
    .map((path) => ({ name: relative(SRC, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }))
    .filter((f) => f.name !== 'lib/format.ts');

  it('finds the list pages and dialogs that show dates', () => {
    const showing = files.filter((f) => DATE_FIELD.test(f.text)).map((f) => f.name);
    expect(showing).toEqual(
      expect.arrayContaining([
        'components/activation-records-table.tsx',
        'features/payments/billing-records-page.tsx',
        'features/renewals/renewals-due-page.tsx',
        'features/resellers/reseller-list-page.tsx',
        'features/tickets/tickets-list-page.tsx',
      ]),
    );
  });

  it('writes every date a list or dialog shows through one of the two styles', () => {
    const raw: string[] = [];
    for (const { name, text } of files) {
      for (const match of text.matchAll(DATE_FIELD)) {
        const before = text.slice(Math.max(0, match.index - 40), match.index);
        const after = text.slice(match.index + match[0].length, match.index + match[0].length + 12);
        // A ternary's test (`p.last_used_at ? formatRecordTime(p.last_used_at) : …`) is not shown; its branch is checked on its own.
        const line = text.slice(text.lastIndexOf('\n', match.index) + 1, text.indexOf('\n', match.index));
        // A download's file name (`credit-share-2026-01-01-2026-03-31.csv`) keeps the API's days.
        if (/\.csv`/.test(line)) continue;
        if (NOT_SHOWN.test(before) || /^\s*[!=]==?/.test(after) || /^\s*(?:\?\??|&&)/.test(after) || /^\.startsWith/.test(after)) continue;
        if (!FORMATTER.test(before)) raw.push(`${name}: ${match[0]}${after}`);
      }
    }
    expect(raw).toEqual([]);
  });

  it('formats no date any other way than lib/format.ts does', () => {
    const own = files.flatMap(({ name, text }) => [...text.matchAll(OWN_FORMATTING)].map((match) => `${name}: ${text.slice(match.index, match.index + 40)}`));
    expect(own).toEqual([]);
  });

  it('writes the log style on the log screens only', () => {
    const logStyle = files.filter((f) => /\bformatLogTime\b/.test(f.text)).map((f) => f.name);
    expect(logStyle.sort()).toEqual([...LOG_SCREENS].sort());
    // The activation records table writes the log style for the activation logs, the record style for the activated apps list.
    expect(files.find((f) => f.name === 'features/activation/activation-logs-page.tsx')?.text).toMatch(/<ActivationRecordsTable[^>]*\n\s+log\n/);
    expect(files.find((f) => f.name === 'features/activation/activated-apps-page.tsx')?.text).not.toMatch(/\blog\b/);
  });

  it('reads the UTC clock for ticket times only, and says "(UTC)" through the formatter alone', () => {
    const utc = files.filter((f) => /utc: true/.test(f.text)).map((f) => f.name);
    expect(utc.length).toBeGreaterThan(0);
    expect(utc.filter((name) => !UTC_SCREENS.test(name))).toEqual([]);
    // A label of its own ("Created at (UTC)") would say it twice, or once where the next screen does not.
    const localeDir = join(SRC, 'i18n/locales');
    const texts = [...readdirSync(localeDir).map((name) => join(localeDir, name)), ...readdirSync(join(localeDir, 'panel')).map((name) => join(localeDir, 'panel', name))]
      .filter((path) => path.endsWith('.json'))
      .map((path) => readFileSync(path, 'utf8'));
    expect(texts.join('\n')).not.toMatch(/\(UTC\)|بالتوقيت العالمي\)/);
  });
});
