import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { type FetchMock, pickDateRange, pickerDay, renderWithProviders, stubFetch } from '../../test-utils';
import { formatRecordDay } from '../../lib/format';
import { CreditShareReportForm } from './credit-share-report-form';

// Dates near today: the picker opens on today's month and steps one month per click.
const start = dayjs().startOf('month').subtract(1, 'month');
const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

function setup() {
  renderWithProviders(<CreditShareReportForm />);
  const fill = async (start: string, end: string) => {
    await pickDateRange('Dates', start, end);
    fireEvent.click(screen.getByRole('button', { name: 'Download report' }));
  };
  return { fill };
}

describe('CreditShareReportForm', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = stubFetch(async () => new Response('"id"\r\n', { status: 200, headers: { 'content-disposition': 'attachment; filename="r.csv"' } }));
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts on today, and offers no end day more than 3 months after the start', async () => {
    setup();
    const today = formatRecordDay(new Date());
    expect(screen.getByRole('button', { name: /^Dates/ })).toHaveTextContent(`${today} – ${today}`);
    expect(screen.getByText('At most 3 months from start to end')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Dates/ }));
    fireEvent.click(await pickerDay(day(start)));
    expect(await pickerDay(day(start.add(3, 'month')))).toBeEnabled();
    expect(await pickerDay(day(start.add(3, 'month').add(1, 'day')))).toBeDisabled();
    expect(await pickerDay(day(start.subtract(3, 'month').subtract(1, 'day')))).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  }, 15_000);

  it('downloads a range of exactly 3 months', async () => {
    await setup().fill(day(start), day(start.add(3, 'month')));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
    expect(url.pathname).toBe('/api/credit-share-log-download-date-range');
    expect(JSON.parse(init.body as string)).toEqual({ start_date: day(start), end_date: day(start.add(3, 'month')) });
    expect(screen.queryByText('Date range cannot exceed 3 months')).not.toBeInTheDocument();
  });

  it('accepts a single day', async () => {
    await setup().fill(day(start.add(4, 'day')), day(start.add(4, 'day')));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});
