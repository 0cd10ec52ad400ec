import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { redeliverWebhookEndpoint, webhookDeliveriesEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** `GET /api/webhooks/:id/deliveries`: newest first, each with its attempts. */
export const getWebhookDeliveries = (endpointId: number) => call(webhookDeliveriesEndpoint, { params: { id: endpointId } });
export const webhookDeliveriesQuery = (endpointId: number) => ({
  queryKey: ['webhook-deliveries', endpointId],
  queryFn: () => getWebhookDeliveries(endpointId),
  // A delivery moves on its own (pending → delivered, a retry later): the list is read fresh each time it opens.
  staleTime: 0,
});

/** How often an open list is read again while something is about to change in it. */
const WATCH_MS = 2_000;
/** A pending delivery whose next attempt is this close (or unknown) is watched; a retry hours away is not. */
const SOON_MS = 60_000;

/**
 * The deliveries, read again every 2 s while one is about to be attempted, or until `watchUntil`
 * (a moment after a redelivery or a test was asked for, before the worker has written anything).
 */
export const useWebhookDeliveries = (endpointId: number, watchUntil = 0) =>
  useQuery({
    ...webhookDeliveriesQuery(endpointId),
    refetchInterval: (query) => {
      const now = Date.now();
      if (now < watchUntil) return WATCH_MS;
      const soon = query.state.data?.data.some(
        (d) => d.status === 'pending' && (d.next_attempt_at === null || new Date(d.next_attempt_at).getTime() - now < SOON_MS),
      );
      return soon ? WATCH_MS : false;
    },
  });

/** `POST /api/webhook-deliveries/:id/redeliver`: the same event (same `webhook-id`) sent again now. */
export const redeliverWebhookDelivery = (deliveryId: number) => call(redeliverWebhookEndpoint, { params: { id: deliveryId } });

export const useRedeliverWebhookDelivery = (endpointId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhookDelivery,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', endpointId] }),
  });
};

/** How long an open list keeps reading itself after a redelivery: the worker's attempt lands within seconds. */
export const REDELIVERY_WATCH_MS = 30_000;
