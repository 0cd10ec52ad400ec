import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editResellerEndpoint, type EditResellerBody } from '@panel/contract';
import { call } from '../../api/client';

/** PUT /api/resellers/{id}/edit: name, e-mail, status, and the applications only with 'edit-allowed-applications'. */
export const editReseller = ({ id, body }: { id: number; body: EditResellerBody }) =>
  call(editResellerEndpoint, { params: { id }, body });

export function useEditReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editReseller,
    onSuccess: async (_answer, { id }) => {
      await queryClient.invalidateQueries({ queryKey: ['reseller', id] });
      await queryClient.invalidateQueries({ queryKey: ['resellers'] });
      await queryClient.invalidateQueries({ queryKey: ['sub-resellers'] });
    },
  });
}
