import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import { useEffect, useState } from 'react';
import { DatePickerInput, DatesProvider, type DatesRangeValue } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { addMonths, LANGUAGE_TAGS, REPORT_MAX_MONTHS } from '@panel/contract';
import { currentLocale } from '../i18n';
import { dateInputFormat, isoDay } from '../lib/format';
import { PHONE_QUERY } from '../lib/phone';

const ISO = 'YYYY-MM-DD';

/** The earliest of the given yyyy-mm-dd days (they compare as strings), undefined when none is given. */
const earliest = (days: (string | undefined)[]) => days.filter((d): d is string => Boolean(d)).sort()[0];

type Props = {
  label: string;
  /** Start and end as yyyy-mm-dd, '' for none. */
  start: string;
  end: string;
  /** Called with both ends once a range is chosen, or with two '' when it is cleared. */
  onChange: (start: string, end: string) => void;
  error?: string;
  required?: boolean;
  clearable?: boolean;
  w?: number | string;
  /** The longest range in days, both ends counted (Insights: a year), instead of REPORT_MAX_MONTHS months. */
  maxDays?: number;
  /** The last day that may be picked (yyyy-mm-dd). */
  maxDate?: string;
};

/**
 * A list's default range (activation codes, activity): the last 3 months through today. The start is the contract's own
 * `addMonths` back from the reader's today (as UTC days, as the server compares them), so the default range is
 * never refused as longer than 3 months at a month's end.
 */
export function defaultListRange(today = new Date()): { from: string; to: string } {
  const to = isoDay(today);
  const from = addMonths(new Date(`${to}T00:00:00.000Z`), -REPORT_MAX_MONTHS).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * A list's date range filter (activation codes, activity): `range` is what the list asks for,
 * `picked` what the picker shows. A picked range that `check` refuses (its message key) shows the
 * message and keeps the rows of the last right range: nothing is sent until it is corrected.
 * Clearing the picker drops the filter.
 */
export function useDateRangeFilter(check: (from: string, to: string) => string | undefined, onApplied: () => void) {
  const { t } = useTranslation();
  const [range, setRange] = useState(defaultListRange);
  const [picked, setPicked] = useState(range);
  const [error, setError] = useState<string>();
  const change = (from: string, to: string) => {
    setPicked({ from, to });
    const problem = check(from, to);
    setError(problem && t(problem));
    // A cleared picker (both ends empty) lists without a date filter: the contract reads '' as not given.
    if (problem || !from !== !to) return;
    setRange({ from, to });
    onApplied();
  };
  return { range, picked, error, change };
}

/**
 * A date range in one picker, in the reader's language (dayjs locales, Arabic included). The
 * specification's rule is visible in it: once a start is picked, days more than
 * REPORT_MAX_MONTHS months away are disabled, and the hint under the field says so.
 */
export function DateRangeInput({ label, start, end, onChange, error, required, clearable = true, w, maxDays, maxDate }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  // dayjs names its locales by the lower-case language tag ('pt-br').
  const locale = LANGUAGE_TAGS[currentLocale()].toLowerCase();
  // The half-picked range lives here: the list is asked only for whole ranges.
  const [value, setValue] = useState<DatesRangeValue<string>>([start || null, end || null]);
  useEffect(() => setValue([start || null, end || null]), [start, end]);

  const picking = value[0] && !value[1] ? dayjs(value[0]) : undefined;
  const change = (next: DatesRangeValue<string>) => {
    setValue(next);
    if (next[0] && next[1]) onChange(next[0], next[1]);
    else if (!next[0] && !next[1]) onChange('', '');
  };

  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: (dayjs.Ls[locale]?.weekStart ?? 0) as 0 | 1 | 6 }}>
      <DatePickerInput
        type="range"
        label={label}
        description={maxDays ? t('dateRange.hintDays', { count: maxDays }) : t('dateRange.hint', { count: REPORT_MAX_MONTHS })}
        placeholder={t('dateRange.placeholder')}
        leftSection={<IconCalendar size={16} aria-hidden />}
        valueFormat={dateInputFormat()}
        value={value}
        onChange={change}
        allowSingleDateInRange
        minDate={(maxDays ? picking?.subtract(maxDays - 1, 'day') : picking?.subtract(REPORT_MAX_MONTHS, 'month'))?.format(ISO)}
        maxDate={earliest([(maxDays ? picking?.add(maxDays - 1, 'day') : picking?.add(REPORT_MAX_MONTHS, 'month'))?.format(ISO), maxDate])}
        clearable={clearable}
        clearButtonProps={{ 'aria-label': t('dateRange.clear') }}
        ariaLabels={{
          nextMonth: t('dateRange.nextMonth'),
          previousMonth: t('dateRange.previousMonth'),
          nextYear: t('dateRange.nextYear'),
          previousYear: t('dateRange.previousYear'),
          nextDecade: t('dateRange.nextDecade'),
          previousDecade: t('dateRange.previousDecade'),
          monthLevelControl: t('dateRange.monthLevel'),
          yearLevelControl: t('dateRange.yearLevel'),
        }}
        dropdownType={phone ? 'modal' : 'popover'}
        error={error}
        required={required}
        w={w}
      />
    </DatesProvider>
  );
}
