import { useMutation } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type ActivationCode } from '@panel/contract';
import { saveDownload } from '../../api/client';
import { csvBlob } from '../../lib/csv';
import { getActivationCodes, type CodeListFilters } from './get-activation-codes';

/** Every code of the list's filter (search, dates, sort), fetched page by page at the largest page size. */
export async function fetchAllCodes(filters: CodeListFilters): Promise<ActivationCode[]> {
  const rows: ActivationCode[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getActivationCodes({ ...filters, page, per_page: MAX_PAGE_SIZE });
    rows.push(...answer.data);
    // The total may change while paging: the last page, a short page or the total ends it.
    if (page >= answer.meta.last_page || answer.data.length === 0 || rows.length >= answer.meta.total) return rows;
  }
}

export const CODES_CSV_NAME = 'activation-codes.csv';

/** Builds the CSV of every code of the filter and hands it to the browser; `toRows` words the header and cells. */
export function useExportCodes(toRows: (codes: ActivationCode[]) => string[][]) {
  return useMutation({
    mutationFn: async (filters: CodeListFilters) => {
      const codes = await fetchAllCodes(filters);
      saveDownload({ blob: csvBlob(toRows(codes)), filename: CODES_CSV_NAME });
      return codes.length;
    },
  });
}
