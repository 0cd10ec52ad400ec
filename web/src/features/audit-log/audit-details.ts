import type { TFunction } from 'i18next';
import { AUDIT_ACTIONS, AUDIT_DETAIL_VALUES, CREDIT_TR_TYPES, PLAN_CURRENCY, auditDetailFormat, isAuditAction, type AuditDetailFormat, type AuditLogEntry } from '@panel/contract';
import { formatRecordTime, formatMoney, formatNumber } from '../../lib/format';

type EnumFormat = keyof typeof AUDIT_DETAIL_VALUES;

const CREDIT_KIND_NAMES = new Map<string, string>(Object.entries(CREDIT_TR_TYPES).map(([name, value]) => [value, name]));

/**
 * Where each enumeration's values are worded: the Activity screen's own words, or the words the
 * other screens already use for the same values (a ticket's status, a playlist's or a code's type).
 */
export function valueKey(format: EnumFormat, value: string): string {
  switch (format) {
    case 'creditKind':
      return `activity.values.creditKind.${CREDIT_KIND_NAMES.get(value) ?? value}`;
    case 'ticketStatus':
      return `supportTickets.statuses.${value}`;
    case 'playlistType':
      return `playlists.types.${value}`;
    case 'codeType':
      return `activationCodes.types.${value}`;
    default:
      return `activity.values.${format}.${value}`;
  }
}

export const labelKey = (field: string) => `activity.fields.${field}`;

/** A field or value no text names yet (a row written by a newer server): "appPlaceLocation" reads "App place location". */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isEnum = (format: AuditDetailFormat): format is EnumFormat => format in AUDIT_DETAIL_VALUES;

/** A field the table does not know is shown by what its value looks like; an id is left out, as the table's are. */
function guessedFormat(field: string, value: unknown): AuditDetailFormat {
  if (/(Id|_id)$/.test(field)) return 'hidden';
  if (typeof value === 'boolean') return 'yesNo';
  if (typeof value === 'number') return 'number';
  if (Array.isArray(value)) return 'count';
  return 'text';
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

function shownValue(format: AuditDetailFormat, value: unknown, t: TFunction): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = asText(value);
  switch (format) {
    case 'hidden':
      return null;
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? formatNumber(n) : text;
    }
    case 'money':
      return formatMoney(typeof value === 'number' ? value : text, PLAN_CURRENCY) || text;
    case 'yesNo':
      return t(value ? 'activity.values.yes' : 'activity.values.no');
    case 'date':
      return formatRecordTime(text) || text;
    case 'seconds': {
      const seconds = Number(value);
      if (!Number.isFinite(seconds)) return text;
      const days = Math.floor(seconds / 86_400);
      const hours = Math.ceil(seconds / 3_600);
      return days > 0 ? t('activity.values.days', { count: days, amount: formatNumber(days) }) : t('activity.values.hours', { count: hours, amount: formatNumber(hours) });
    }
    case 'count':
      return formatNumber(Array.isArray(value) ? value.length : Number(value));
    case 'active':
      return t(Number(value) === 1 ? 'activity.values.active' : 'activity.values.inactive');
    case 'text':
      return text;
    default:
      return isEnum(format) ? t(valueKey(format, text), { defaultValue: humanise(text) }) : text;
  }
}

/**
 * A row's details as people read them: each field the row's action stores (the contract's
 * `AUDIT_ACTIONS`) under its label in the chosen language, its value formatted (numbers and
 * dates in the language, yes/no, the enumerations' words). Internal ids (ledger, request,
 * accounts already named in the sentence) are left to the CSV export.
 */
export function auditDetailParts(row: Pick<AuditLogEntry, 'action' | 'details'>, t: TFunction): { label: string; value: string }[] {
  const details = row.details ?? {};
  // In the table's order (PostgreSQL's jsonb keeps its own), then any field the table does not know.
  const known = isAuditAction(row.action) ? Object.keys(AUDIT_ACTIONS[row.action]) : [];
  const fields = [...known.filter((field) => Object.hasOwn(details, field)), ...Object.keys(details).filter((field) => !known.includes(field))];
  return fields.flatMap((field) => {
    const raw = details[field];
    const value = shownValue(auditDetailFormat(row.action, field) ?? guessedFormat(field, raw), raw, t);
    return value === null ? [] : [{ label: t(labelKey(field), { defaultValue: humanise(field) }), value }];
  });
}
