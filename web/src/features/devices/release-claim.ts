import { useMutation } from '@tanstack/react-query';
import type { ReleaseClaimBody } from '@panel/contract';
import { api } from '../../api/client';

/**
 * POST /api/devices/release-claim: the device forgets the installation secret of its player (one
 * reinstalled on the same box lost it); the next player to start on it claims it.
 */
export const releaseClaim = (input: ReleaseClaimBody) => api<{ status: true; msg: string }>('/devices/release-claim', { method: 'POST', body: input });

export const useReleaseClaim = () => useMutation({ mutationFn: releaseClaim });
