import { useMutation } from '@tanstack/react-query';
import { BILLING_PAGE_SIZES, type BillingRecord } from '@panel/contract';
import { saveDownload } from '../../api/client';
import { csvBlob } from '../../lib/csv';
import { getBillingRecords, type BillingListFilters } from './get-billing-records';

/** The largest billing page the server gives (§9: 50). */
const EXPORT_PAGE_SIZE = Math.max(...BILLING_PAGE_SIZES);

/** Every billing record of the list's search, fetched page by page at the largest page size. */
export async function fetchAllBillingRecords(search_title: string): Promise<BillingRecord[]> {
  const rows: BillingRecord[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getBillingRecords({ page_number: page, page_size: EXPORT_PAGE_SIZE, search_title });
    rows.push(...answer.data);
    // The total may change while paging: the last page, a short page or the total ends it.
    if (page >= answer.meta.last_page || answer.data.length === 0 || rows.length >= answer.meta.total) return rows;
  }
}

export const BILLING_CSV_NAME = 'billing-records.csv';

/** Builds the CSV of every record of the search and hands it to the browser; `toRows` words the header and cells. */
export function useExportBillingRecords(toRows: (records: BillingRecord[]) => string[][]) {
  return useMutation({
    mutationFn: async (filters: Pick<BillingListFilters, 'search_title'>) => {
      const records = await fetchAllBillingRecords(filters.search_title);
      saveDownload({ blob: csvBlob(toRows(records)), filename: BILLING_CSV_NAME });
      return records.length;
    },
  });
}
