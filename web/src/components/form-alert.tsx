import { Alert } from '@mantine/core';

/** The form's alert: a failed submit that belongs to no field, as `useZodForm`'s `fail` set it. */
export function FormAlert({ form }: { form: { alert: string | undefined } }) {
  if (!form.alert) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {form.alert}
    </Alert>
  );
}
