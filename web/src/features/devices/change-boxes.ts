import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disableBoxesEndpoint, enableBoxesEndpoint } from '@panel/contract';
import { call } from '../../api/client';
import { boxSummaryKey } from './get-box-summary';

export type BoxAction = 'enable' | 'disable';

export type ChangeBoxesInput = { action: BoxAction; resellerId: number; numberOfBoxes: number };

/**
 * POST /api/enable-random-boxes with `reseller_id`, or /api/disable-random-boxes with
 * `resellerId`: the two calls name the reseller differently, as the specification's client does.
 */
export const changeBoxes = ({ action, resellerId, numberOfBoxes }: ChangeBoxesInput) =>
  action === 'enable'
    ? call(enableBoxesEndpoint, { body: { reseller_id: resellerId, numberOfBoxes } })
    : call(disableBoxesEndpoint, { body: { resellerId, numberOfBoxes } });

export const useChangeBoxes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBoxes,
    onSuccess: (_answer, input) => queryClient.invalidateQueries({ queryKey: boxSummaryKey(input.resellerId) }),
  });
};
