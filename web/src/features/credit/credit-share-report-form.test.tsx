import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { type FetchMock, pickDateRange, pickerDay, renderWithProviders, stubFetch } from '../../test-utils';
import { CreditShareReportForm } from './credit-share-report-form';

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
    const today = dayjs().format('D MMM YYYY');
    expect(screen.getByRole('button', { name: /^Dates/ })).toHaveTextContent(`${today} – ${today}`);
    expect(screen.getByText('At most 3 months from start to end')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Dates/ }));
    fireEvent.click(await pickerDay('2026-01-01'));
    expect(await pickerDay('2026-04-02')).toBeDisabled();
    expect(await pickerDay('2025-09-30')).toBeDisabled();
    expect(await pickerDay('2026-04-01')).toBeEnabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('downloads a range of exactly 3 months', async () => {
    await setup().fill('2026-01-01', '2026-04-01');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
    expect(url.pathname).toBe('/api/credit-share-log-download-date-range');
    expect(JSON.parse(init.body as string)).toEqual({ start_date: '2026-01-01', end_date: '2026-04-01' });
    expect(screen.queryByText('Date range cannot exceed 3 months')).not.toBeInTheDocument();
  });

  it('accepts a single day', async () => {
    await setup().fill('2026-05-05', '2026-05-05');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});
