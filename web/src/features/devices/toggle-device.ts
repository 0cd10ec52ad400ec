import { useMutation } from '@tanstack/react-query';
import { DISABLE_IS_TRIAL, disableDeviceEndpoint, ENABLE_IS_TRIAL, enableDeviceEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export type ToggleMode = 'disable' | 'enable';

export type ToggleDeviceInput = {
  mode: ToggleMode;
  /** As typed (checked by the contract's MAC rule); the server stores it normalised. */
  macAddress: string;
  appId: number;
  /** The application's name, sent in `module[]` as the specification's client does. */
  moduleName: string;
};

/**
 * POST /api/disable-device or /api/enable-device. `is_trial` is 0 to disable and 2 to enable
 * (business-panel.md §9); the server decides the new expiry itself.
 */
export const toggleDevice = ({ mode, macAddress, appId, moduleName }: ToggleDeviceInput) =>
  call(mode === 'disable' ? disableDeviceEndpoint : enableDeviceEndpoint, {
    body: {
      mac_address: macAddress,
      module: [moduleName],
      app_id: appId,
      is_trial: mode === 'disable' ? DISABLE_IS_TRIAL : ENABLE_IS_TRIAL,
    },
  });

export const useToggleDevice = () => useMutation({ mutationFn: toggleDevice });
