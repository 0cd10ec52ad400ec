import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateCommentEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export type UpdateCommentInput = { id: number; comment: string | null };

/** POST /api/update-comment: the remark of one activation record. */
export const updateComment = (input: UpdateCommentInput) =>
  call(updateCommentEndpoint, { body: input });

export function useUpdateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['activated-apps'] }),
        queryClient.invalidateQueries({ queryKey: ['activation-logs'] }),
      ]),
  });
}
