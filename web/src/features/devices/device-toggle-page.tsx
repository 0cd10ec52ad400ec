import { DeviceToggleForm } from './device-toggle-form';

/** /disable-mac (permission 'Disable Mac', else /401): the device's expiry becomes yesterday. */
export function DisableMacPage() {
  return <DeviceToggleForm mode="disable" />;
}

/** /enable-mac (the same permission, as the specification's table says): the device is active again. */
export function EnableMacPage() {
  return <DeviceToggleForm mode="enable" />;
}
