import { useQuery } from '@tanstack/react-query';
import { modesEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET /api/public/modes (asked of the live side in either mode): whether this server offers the sandbox. */
export const getModes = () => call(modesEndpoint);

/** A server's setting: asked once per page load, kept when the mode changes (app/mode-sync.tsx). */
export const modesQuery = () => ({
  queryKey: ['modes'],
  queryFn: getModes,
  staleTime: Number.POSITIVE_INFINITY,
  // Without an answer the switch stays hidden; nothing is worth a toast.
  meta: { silent: true },
});

export const useModes = (options: { enabled?: boolean } = {}) => useQuery({ ...modesQuery(), ...options });

/** Whether the server said it offers the sandbox (false until it has said so). */
export const useSandboxEnabled = () => useModes().data?.data.sandbox_enabled === true;
