import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  rollWebhookSecretEndpoint,
  testWebhookEndpoint,
  updateWebhookEndpoint,
  webhookSecretEndpoint,
  webhooksEndpoint,
  type WebhookCreateInput,
  type WebhookUpdateInput,
} from '@panel/contract';
import { call } from '../../api/client';

const KEY = ['webhooks'];

/** `GET /api/webhooks`: the account's endpoints, never their secrets. */
export const getWebhooks = () => call(webhooksEndpoint);
export const webhooksQuery = () => ({ queryKey: KEY, queryFn: getWebhooks });
export const useWebhooks = () => useQuery(webhooksQuery());

/** `POST /api/webhooks`: answers the endpoint and its secret, shown this once. */
export const createWebhook = (body: WebhookCreateInput) => call(createWebhookEndpoint, { body });

/** `PUT /api/webhooks/:id`: the whole endpoint (the on/off switch sends it too, with `enabled` changed). */
export const updateWebhook = ({ id, body }: { id: number; body: WebhookUpdateInput }) => call(updateWebhookEndpoint, { params: { id }, body });

export const deleteWebhook = (id: number) => call(deleteWebhookEndpoint, { params: { id } });

/** `POST /api/webhooks/:id/test`: queues a `webhook.test` event to that endpoint alone. */
export const testWebhook = (id: number) => call(testWebhookEndpoint, { params: { id } });

/**
 * `GET /api/webhooks/:id/secret`: the current secret. With a second factor on, the server first
 * answers STEP_UP_REQUIRED; the API client asks for the code and sends the call again.
 */
export const revealWebhookSecret = (id: number) => call(webhookSecretEndpoint, { params: { id } });

/** `POST /api/webhooks/:id/roll-secret`: a new secret; the old one signs beside it for 24 h unless `expire_now`. */
export const rollWebhookSecret = ({ id, expireNow }: { id: number; expireNow: boolean }) =>
  call(rollWebhookSecretEndpoint, { params: { id }, body: { expire_now: expireNow } });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

/** The form shows a 422 under its fields: no global toast for it (the rest goes through the global path). */
export const useCreateWebhook = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: createWebhook, onSuccess: refresh });
};
export const useUpdateWebhook = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: updateWebhook, onSettled: refresh });
};
export const useDeleteWebhook = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deleteWebhook, onSettled: refresh });
};
export const useTestWebhook = () => {
  const queryClient = useQueryClient();
  // The test event shows in that endpoint's deliveries.
  return useMutation({ mutationFn: testWebhook, onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', id] }) });
};
/** Secrets go through the global error path: a STEP_UP_REQUIRED there asks for the step-up. */
export const useRevealWebhookSecret = () => useMutation({ mutationFn: revealWebhookSecret });
export const useRollWebhookSecret = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: rollWebhookSecret, onSuccess: refresh });
};
