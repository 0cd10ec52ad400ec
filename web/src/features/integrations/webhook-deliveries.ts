import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { webhookDeliveriesAnswer } from '@panel/contract';
import { api } from '../../api/client';

export type WebhookDeliveriesAnswer = z.infer<typeof webhookDeliveriesAnswer>;

/** `GET /api/webhooks/:id/deliveries`: newest first, each with its attempts. */
export const getWebhookDeliveries = (endpointId: number) => api<WebhookDeliveriesAnswer>(`/webhooks/${endpointId}/deliveries`);
export const webhookDeliveriesQuery = (endpointId: number) => ({
  queryKey: ['webhook-deliveries', endpointId],
  queryFn: () => getWebhookDeliveries(endpointId),
  // A delivery moves on its own (pending → delivered, a retry later): the list is read fresh each time it opens.
  staleTime: 0,
});
export const useWebhookDeliveries = (endpointId: number) => useQuery(webhookDeliveriesQuery(endpointId));

/** `POST /api/webhook-deliveries/:id/redeliver`: the same event (same `webhook-id`) sent again now. */
export const redeliverWebhookDelivery = (deliveryId: number) => api<{ status: true; msg: string }>(`/webhook-deliveries/${deliveryId}/redeliver`, { method: 'POST' });

export const useRedeliverWebhookDelivery = (endpointId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhookDelivery,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', endpointId] }),
  });
};
