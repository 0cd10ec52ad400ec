import { useQuery } from '@tanstack/react-query';
import { sandboxOrderEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET /api/payments/sandbox/{orderId}: the order the built-in checkout page shows (purchase-package). */
export const getSandboxOrder = (orderId: string, signal?: AbortSignal) => call(sandboxOrderEndpoint, { params: { orderId }, signal });

export const sandboxOrderQuery = (orderId: string) => ({
  queryKey: ['sandbox-order', orderId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getSandboxOrder(orderId, signal),
  // The page shows a load failure in place of the order.
  meta: { silent: true },
});

export const useSandboxOrder = (orderId: string) => useQuery(sandboxOrderQuery(orderId));
