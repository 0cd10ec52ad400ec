import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createCustomerEndpoint,
  customerRemindersEndpoint,
  deleteCustomerEndpoint,
  linkCustomerDeviceEndpoint,
  unlinkCustomerDeviceEndpoint,
  updateCustomerEndpoint,
  type CustomerFields,
  type LinkCustomerDeviceBody,
} from '@panel/contract';
import { call } from '../../api/client';

/** The list and the customer's page show what changed. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([['customers'], ['customer']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** POST /api/customers. */
export function useCreateCustomer() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: CustomerFields) => call(createCustomerEndpoint, { body }), onSuccess: refresh });
}

/** PUT /api/customers/:id. */
export function useUpdateCustomer() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: CustomerFields }) => call(updateCustomerEndpoint, { params: { id }, body }), onSuccess: refresh });
}

/** DELETE /api/customers/:id: the customer and its device links; its orders stay. */
export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  // Only the list: the deleted customer's own page is left, not asked for again (it would be a 404).
  return useMutation({
    mutationFn: (id: number) => call(deleteCustomerEndpoint, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
}

/** POST /api/customers/:id/devices. */
export function useLinkDevice() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: LinkCustomerDeviceBody }) => call(linkCustomerDeviceEndpoint, { params: { id }, body }), onSuccess: refresh });
}

/** DELETE /api/customers/:id/devices/:deviceId: the device itself is unchanged. */
export function useUnlinkDevice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, deviceId }: { id: number; deviceId: number }) => call(unlinkCustomerDeviceEndpoint, { params: { id, deviceId } }),
    onSuccess: refresh,
  });
}

/**
 * PUT /api/customers/:id/reminders: on again after the customer unsubscribed, or off. The answer
 * is the customer's page: it replaces the cached one at once (the switch follows the server).
 */
export function useCustomerReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => call(customerRemindersEndpoint, { params: { id }, body: { enabled } }),
    onSuccess: (answer, { id }) => {
      queryClient.setQueryData(['customer', id], answer);
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}
