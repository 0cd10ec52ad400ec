import { useMutation } from '@tanstack/react-query';
import { checkDeviceEndpoint } from '@panel/contract';
import { call } from './client';

/** The MAC address as typed (the server normalises it) and the application's id. */
export type CheckDeviceInput = { macAddress: string; app_id: number };

/**
 * POST /api/check-device-status: one device of one application, with its playlists. Used by
 * Check Mac and by the playlists page's MAC status.
 */
export const checkDeviceStatus = (input: CheckDeviceInput) =>
  call(checkDeviceEndpoint, { body: input });

/** Each screen words its own failures ('Device not found' in its modal, otherwise 'Error checking device status') and says so with shownWhereItHappened. */
export const useCheckDeviceStatus = () => useMutation({ mutationFn: checkDeviceStatus });
