import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchMock, renderWithProviders, stubFetch } from '../../test-utils';
import { CreditShareReportForm } from './credit-share-report-form';

function setup() {
  renderWithProviders(<CreditShareReportForm />);
  const fill = (start: string, end: string) => {
    fireEvent.change(screen.getByLabelText(/Start date/), { target: { value: start } });
    fireEvent.change(screen.getByLabelText(/End date/), { target: { value: end } });
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

  it('refuses an end date before the start date without asking the server', async () => {
    setup().fill('2026-03-10', '2026-03-09');
    expect(await screen.findByText('End date must be after start date')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a range longer than 3 months without asking the server', async () => {
    setup().fill('2026-01-01', '2026-04-02');
    expect(await screen.findByText('Date range cannot exceed 3 months')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('downloads a range of exactly 3 months', async () => {
    setup().fill('2026-01-01', '2026-04-01');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
    expect(url.pathname).toBe('/api/credit-share-log-download-date-range');
    expect(JSON.parse(init.body as string)).toEqual({ start_date: '2026-01-01', end_date: '2026-04-01' });
    expect(screen.queryByText('Date range cannot exceed 3 months')).not.toBeInTheDocument();
  });

  it('accepts a single day', async () => {
    setup().fill('2026-05-05', '2026-05-05');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});
