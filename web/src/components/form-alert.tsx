import { Alert } from '@mantine/core';
import type { FormAttention } from './form-attention';

/**
 * The form's alert: a failed submit that belongs to no field, as `useZodForm`'s `fail` set it.
 * It takes focus when a submit fails with no field at fault (`tabIndex={-1}`: reachable by the
 * form, not by Tab).
 */
export function FormAlert({ form }: { form: { alert: string | undefined; attention?: FormAttention } }) {
  if (!form.alert) return null;
  return (
    <Alert ref={form.attention?.alertRef} color="red" variant="light" role="alert" tabIndex={-1}>
      {form.alert}
    </Alert>
  );
}
