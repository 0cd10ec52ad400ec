import { formatRecordDay, formatMonth, formatShortDay } from '../../lib/format';
import type { InsightInterval } from '@panel/contract';

/**
 * A period's start as a chart's axis writes it: the day without its year, or the month. The
 * drawing's text has no isolation of its own: the right-to-left marks Arabic dates carry would
 * tear "28/10" apart there, so they are dropped and the label is isolated (FSI … PDI): a bare
 * date reads left to right, a month name in its own direction.
 */
export const periodTick = (start: string, interval: InsightInterval) =>
  `\u2068${(interval === 'month' ? formatMonth(start) : formatShortDay(start)).replace(/[\u200e\u200f\u061c]/g, '')}\u2069`;

/** A period's start as a table writes it: the whole day (a day, the first day of a week) or the month. */
export const periodLabel = (start: string, interval: InsightInterval) => (interval === 'month' ? formatMonth(start) : formatRecordDay(start));

/** The last UTC day, as yyyy-mm-dd (the API counts UTC days). */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** The day `days` days before or after an yyyy-mm-dd day (UTC calendar). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The range presets: the last 7, 30 or 90 days, or the last year, each through today. */
export const RANGE_PRESETS = [7, 30, 90, 365] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: RangePreset = 30;

export const presetRange = (days: number, today = utcToday()) => ({ from: shiftDay(today, -(days - 1)), to: today });
