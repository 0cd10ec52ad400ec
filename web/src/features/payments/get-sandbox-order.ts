import { useQuery } from '@tanstack/react-query';
import type { SandboxOrderAnswer } from '@panel/contract';
import { api } from '../../api/client';

/** GET /api/payments/sandbox/{orderId}: the order the built-in checkout page shows (purchase-package). */
export const getSandboxOrder = (orderId: string, signal?: AbortSignal) =>
  api<SandboxOrderAnswer>(`/payments/sandbox/${encodeURIComponent(orderId)}`, { signal });

export const sandboxOrderQuery = (orderId: string) => ({
  queryKey: ['sandbox-order', orderId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getSandboxOrder(orderId, signal),
  // The page shows a load failure in place of the order.
  meta: { silent: true },
});

export const useSandboxOrder = (orderId: string) => useQuery(sandboxOrderQuery(orderId));
