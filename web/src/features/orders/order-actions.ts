import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approveStoreOrderEndpoint, rejectStoreOrderEndpoint, retryStoreOrderEndpoint, type RejectStoreOrderBody } from '@panel/contract';
import { call } from '../../api/client';

/** After an order moved: its list, its detail, the customer pages that list it and the balance it may have charged. */
function useAfterOrderMove() {
  const queryClient = useQueryClient();
  return () => Promise.all([['store-orders'], ['customer'], ['credit-points']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** POST /api/storefront/orders/:id/approve: the reseller saw the money of a manual order. */
export function useApproveOrder() {
  const after = useAfterOrderMove();
  return useMutation({ mutationFn: (id: number) => call(approveStoreOrderEndpoint, { params: { id } }), onSettled: after });
}

/** POST /api/storefront/orders/:id/reject: ends a manual order with a reason the customer reads. */
export function useRejectOrder() {
  const after = useAfterOrderMove();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RejectStoreOrderBody }) => call(rejectStoreOrderEndpoint, { params: { id }, body }),
    onSettled: after,
  });
}

/** POST /api/storefront/orders/:id/retry: a `waiting_credit` order, tried again now. */
export function useRetryOrder() {
  const after = useAfterOrderMove();
  return useMutation({ mutationFn: (id: number) => call(retryStoreOrderEndpoint, { params: { id } }), onSettled: after });
}
