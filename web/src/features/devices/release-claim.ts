import { useMutation } from '@tanstack/react-query';
import { releaseClaimEndpoint, type ReleaseClaimBody } from '@panel/contract';
import { call } from '../../api/client';

/**
 * POST /api/devices/release-claim: the device forgets the installation secret of its player (one
 * reinstalled on the same box lost it); the next player to start on it claims it.
 */
export const releaseClaim = (input: ReleaseClaimBody) => call(releaseClaimEndpoint, { body: input });

export const useReleaseClaim = () => useMutation({ mutationFn: releaseClaim });
