import { useQuery } from '@tanstack/react-query';
import { boxSummaryEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET /api/box-management/{id}: the reseller's name and e-mail and its box counts, above the form. */
export const getBoxSummary = (id: number) => call(boxSummaryEndpoint, { params: { id } });
export const boxSummaryKey = (id: number) => ['box-summary', id] as const;
export const useBoxSummary = (id: number | undefined) =>
  useQuery({
    queryKey: boxSummaryKey(id ?? 0),
    queryFn: () => getBoxSummary(id!),
    enabled: id !== undefined,
    // The page shows the refusal in place of the form.
    meta: { silent: true },
    retry: false,
  });
