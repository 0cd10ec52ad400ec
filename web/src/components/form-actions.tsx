import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { invalidControls, type FormAttention } from './form-attention';

type Props = {
  /** A `useZodForm` form. */
  form: { alert: string | undefined; attention: FormAttention };
  /** The buttons, the submit button last. */
  children: ReactNode;
  /**
   * Where the buttons stand: at the end (the summary before them), at the start (the summary after
   * them), or across the whole width (the auth screens' full-width button, the summary above it).
   */
  align?: 'end' | 'start' | 'full';
  /** What stays at the row's start, before the summary (a link back to a list). */
  leading?: ReactNode;
};

/**
 * A form's submit row. After a failed submit it says, beside the button, what stopped it: how many
 * fields need attention (counted on the screen, so it falls as the reader fixes them), or the
 * alert's text when no field is at fault. The count is a polite live region (a field's own message
 * is not announced); the alert's repeat is hidden from screen readers, as the alert is announced.
 */
export function FormActions({ form, children, align = 'end', leading }: Props) {
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
  const summary = (
    <>
      <div role="status">{invalid > 0 ? t('common.fieldsNeedAttention', { count: invalid }) : ''}</div>
      {alert && <div aria-hidden>{alert}</div>}
    </>
  );
  if (align === 'full') {
    return (
      <Stack ref={row} gap={invalid > 0 || alert ? 4 : 0}>
        {leading}
        <Box fz="sm" c="var(--mantine-color-error)">
          {summary}
        </Box>
        {children}
      </Stack>
    );
  }
  const buttons = (
    <Group justify="flex-end" gap="sm">
      {children}
    </Group>
  );
  return (
    <Group ref={row} justify={align === 'start' ? 'flex-start' : 'flex-end'} gap="sm">
      {leading}
      {align === 'start' && buttons}
      <Box me={align === 'end' ? 'auto' : undefined} fz="sm" c="var(--mantine-color-error)">
        {summary}
      </Box>
      {align === 'end' && buttons}
    </Group>
  );
}
