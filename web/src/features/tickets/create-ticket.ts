import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createTicketEndpoint, type CreateTicketBody } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/create-ticket, as the specification's form data: `title` and `description` (the editor's HTML). */
export function createTicket(body: CreateTicketBody) {
  const form = new FormData();
  form.set('title', body.title);
  form.set('description', body.description);
  return call(createTicketEndpoint, { body: form });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
