import { addMonths, REPORT_MAX_MONTHS } from '@panel/contract';
import { fieldError } from '../http/app-error.js';

/** The end of a range, exclusive: a date-only value covers its whole day, so it ends at the start of the next day. */
export function rangeEnd(endDate: string): Date {
  const end = new Date(endDate);
  return /^\d{4}-\d{2}-\d{2}$/.test(endDate) ? new Date(end.getTime() + 86_400_000) : end;
}

/** A list's range (activation codes, audit log): the last REPORT_MAX_MONTHS months through today unless given, never longer. */
export function listRange(query: { date_from?: string; date_to?: string }): { from: Date; to: Date } {
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const to = query.date_to ? rangeEnd(query.date_to) : new Date(today.getTime() + 86_400_000);
  const lastDay = query.date_to ? new Date(query.date_to) : today;
  const from = query.date_from ? new Date(query.date_from) : addMonths(lastDay, -REPORT_MAX_MONTHS);
  if (lastDay.getTime() > addMonths(from, REPORT_MAX_MONTHS).getTime()) throw fieldError('date_to', 'validation.rangeTooLong');
  if (to.getTime() < from.getTime()) throw fieldError('date_to', 'validation.endBeforeStart');
  return { from, to };
}
