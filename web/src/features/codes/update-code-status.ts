import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateCodeStatusEndpoint, type CodeValueBody } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/update-code-status: flips a code between active and inactive. */
export const updateCodeStatus = (body: CodeValueBody) => call(updateCodeStatusEndpoint, { body });

export function useUpdateCodeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCodeStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['activation-codes'] }),
  });
}
