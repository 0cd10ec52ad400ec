import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { invalidControls, type FormAttention } from './form-attention';

type Props = {
  /** A `useZodForm` form. */
  form: { alert: string | undefined; attention: FormAttention };
  /** The buttons, the submit button last. */
  children: ReactNode;
};

/**
 * A form's submit row. After a failed submit it says, beside the button, what stopped it: how many
 * fields need attention (counted on the screen, so it falls as the reader fixes them), or the
 * alert's text when no field is at fault. The count is a polite live region (a field's own message
 * is not announced); the alert's repeat is hidden from screen readers, as the alert is announced.
 */
export function FormActions({ form, children }: Props) {
  const { t } = useTranslation();
  const row = useRef<HTMLDivElement>(null);
  const [invalid, setInvalid] = useState(0);
  const { failed, watch } = form.attention;
  // Recounted after every render of the form: its fields' messages come and go with its state.
  useLayoutEffect(() => {
    watch(row.current);
    const scope = row.current?.closest('form');
    const count = failed && scope ? invalidControls(scope).length : 0;
    if (count !== invalid) setInvalid(count);
  });
  const alert = failed && invalid === 0 ? form.alert : undefined;
  return (
    <Group ref={row} justify="flex-end" gap="sm">
      <Box me="auto" fz="sm" c="var(--mantine-color-error)">
        <div role="status">{invalid > 0 ? t('common.fieldsNeedAttention', { count: invalid }) : ''}</div>
        {alert && <div aria-hidden>{alert}</div>}
      </Box>
      <Group justify="flex-end" gap="sm">
        {children}
      </Group>
    </Group>
  );
}
