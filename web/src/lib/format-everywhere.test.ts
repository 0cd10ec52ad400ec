import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$|test-utils|fixtures/.test(entry.name) ? [path] : [];
  });
}

/** A date the API answers (`created_at`, `deleted_at`, `expire_date`, `box_expiry_date`…) read from a row. */
const DATE_FIELD = /\b\w+\.\w+_(?:at|date)\b/g;
/** Reads that are not shown: form values and errors, JSX's machine-readable `dateTime`, lifetime checks. */
const NOT_SHOWN = /form\.$|dateTime=\{$|[!=]==?\s*$|\?\?\s*$|!!$/;
const FORMATTER = /format(?:Date|DateTime|UtcDateTime|LogDate|DaysFromNow)\($/;

describe('dates on the screens', () => {
  const files = sources(SRC).map((path) => ({ name: relative(SRC, path), text: readFileSync(path, 'utf8') }));

  it('finds the list pages and dialogs that show dates', () => {
    const showing = files.filter((f) => DATE_FIELD.test(f.text)).map((f) => f.name);
    expect(showing).toEqual(expect.arrayContaining(['features/payments/billing-records-page.tsx', 'features/renewals/renewals-due-page.tsx', 'features/tickets/tickets-list-page.tsx']));
  });

  it('writes every date a list or dialog shows through the formatting helper', () => {
    const raw: string[] = [];
    for (const { name, text } of files) {
      for (const match of text.matchAll(DATE_FIELD)) {
        const before = text.slice(Math.max(0, match.index - 40), match.index);
        const after = text.slice(match.index + match[0].length, match.index + match[0].length + 12);
        // A ternary's test (`p.last_used_at ? formatDateTime(p.last_used_at) : …`) is not shown; its branch is checked on its own.
        if (NOT_SHOWN.test(before) || /^\s*[!=]==?/.test(after) || /^\s*(?:\?\??|&&)/.test(after) || /^\.startsWith/.test(after)) continue;
        if (!FORMATTER.test(before)) raw.push(`${name}: ${match[0]}${after}`);
      }
    }
    expect(raw).toEqual([]);
  });
});
