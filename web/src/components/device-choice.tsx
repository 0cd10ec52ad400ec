import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { macAddressField, type AllowedApplicationListItem } from '@panel/contract';
import { useAllowedApplications } from '../api/allowed-applications';
import { MacInput } from './mac-input';
import { ModuleSelect } from './module-select';

/**
 * The module field of a device screen: the picked application, its message, and the props of a
 * `ModuleSelect`. Picking a module clears its message.
 */
export function useModuleField({ required = 'validation.moduleRequired', onChange }: { required?: string; onChange?: () => void } = {}) {
  const { t } = useTranslation();
  const applications = useAllowedApplications();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const application = applications.data?.data.ApplicationList.find((a) => String(a.id) === value);
  return {
    value,
    application,
    setError,
    /** Shows the screen's message (a message key) when no module is picked; answers the picked application. */
    validate: (): AllowedApplicationListItem | undefined => {
      setError(application ? undefined : t(required));
      return application;
    },
    props: {
      required: true,
      value,
      onChange: (next: string | null) => {
        setValue(next);
        setError(undefined);
        onChange?.();
      },
      // Only a message of the screen replaces the select's own 'Failed to fetch allowed applications.'.
      ...(error ? { error } : {}),
    },
  };
}

/**
 * The MAC address field of a device screen, checked with the contract's rule: 'Please enter a MAC
 * address', else the screen's message for a malformed one. Typing clears the message.
 */
export function useMacField({ invalid = 'validation.macInvalid' }: { invalid?: string } = {}) {
  const { t } = useTranslation();
  const field = useMemo(() => macAddressField(invalid), [invalid]);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  return {
    value,
    setValue,
    setError,
    /** Shows the field's message; answers the address as typed (the server normalises it) once it is well formed. */
    validate: (): string | undefined => {
      const parsed = field.safeParse(value);
      setError(parsed.success ? undefined : t(parsed.error.issues[0]?.message ?? invalid));
      return parsed.success ? value.trim() : undefined;
    },
    props: {
      label: t('devices.macAddress'),
      required: true,
      value,
      onChange: (next: string) => {
        setValue(next);
        setError(undefined);
      },
      error,
    },
  };
}

/** A module and a MAC address, both known to be valid. */
export type DeviceChoice = { application: AllowedApplicationListItem; macAddress: string };

export type DeviceChoiceMessages = {
  /** Message key when no module is picked; 'Please select a module' unless the screen says otherwise. */
  moduleRequired?: string;
  /** Message key for a malformed MAC address; 'Invalid MAC address format' unless the screen says otherwise. */
  macInvalid?: string;
  /** Called when the module changes, for a screen whose other fields depend on it. */
  onModuleChange?: () => void;
};

/**
 * The module and MAC address pair of the device screens (core-panel.md §5, business-panel.md §5):
 * both are checked at once before anything is sent, each with its own message under its field.
 */
export function useDeviceChoice(messages: DeviceChoiceMessages = {}) {
  const module = useModuleField({ required: messages.moduleRequired, onChange: messages.onModuleChange });
  const mac = useMacField({ invalid: messages.macInvalid });
  return {
    module,
    mac,
    /** Shows both fields' messages; answers the choice once both are valid. */
    validate: (): DeviceChoice | undefined => {
      const application = module.validate();
      const macAddress = mac.validate();
      return application && macAddress ? { application, macAddress } : undefined;
    },
    /** The server's messages for the two fields (a 422), or none. */
    setErrors: (errors: { module?: string; mac?: string }) => {
      module.setError(errors.module);
      mac.setError(errors.mac);
    },
  };
}

export type DeviceChoiceState = ReturnType<typeof useDeviceChoice>;

/** The module select and the MAC address input of a `useDeviceChoice`. */
export function DeviceChoiceFields({ choice }: { choice: DeviceChoiceState }) {
  return (
    <>
      <ModuleSelect {...choice.module.props} />
      <MacInput {...choice.mac.props} />
    </>
  );
}
