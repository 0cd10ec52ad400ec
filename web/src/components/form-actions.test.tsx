import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiError } from '../api/client';
import { renderWithProviders } from '../test-utils';
import { applyServerErrors, useZodForm } from './form';
import { FormActions } from './form-actions';
import { FormAlert } from './form-alert';

const schema = z.object({
  url: z.string().check(z.minLength(1, 'The URL is required.')),
  note: z.string(),
  events: z.array(z.string()).check(z.minLength(1, 'Choose at least one event.')),
});
type Values = z.infer<typeof schema>;

/** A form as the screens write one; `answer` is what its server says to a valid submit. */
function WebhookLikeForm({ answer }: { answer?: () => unknown }) {
  const form = useZodForm<Values>(schema, { initialValues: { url: '', note: '', events: [] } });
  const [sent, setSent] = useState(false);
  const submit = form.onSubmit(() => {
    // The server's answer arrives after the submit, as a mutation's does.
    setTimeout(() => {
      const error = answer?.();
      if (!applyServerErrors(form, error)) form.setAlert((error as Error).message);
      setSent(true);
    }, 10);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormAlert form={form} />
        <TextInput label="URL" {...form.getInputProps('url')} />
        <TextInput label="Note" {...form.getInputProps('note')} />
        <Checkbox.Group label="Events" {...form.getInputProps('events')}>
          <Checkbox value="a" label="Event A" />
        </Checkbox.Group>
        <FormActions form={form}>
          <Button type="submit">Add endpoint</Button>
        </FormActions>
        {sent && <span>answered</span>}
      </Stack>
    </form>
  );
}

const submitRow = () => screen.getByRole('button', { name: 'Add endpoint' }).closest<HTMLElement>('form > div > div')!;

describe('a form that fails to submit', () => {
  it('focuses the first invalid field, scrolls to it, and says beside the button how many fields need attention', async () => {
    const scrolled = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    renderWithProviders(<WebhookLikeForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveFocus());
    expect(scrolled).toHaveBeenCalled();
    const row = submitRow();
    expect(within(row).getByRole('status')).toHaveTextContent('2 fields need attention');
    // The count falls as the reader fixes the fields.
    fireEvent.click(screen.getByLabelText('Event A'));
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'http://x' } });
    await waitFor(() => expect(within(row).getByRole('status')).toBeEmptyDOMElement());
    scrolled.mockRestore();
  });

  it("goes to the field of a 422 that arrives after the submit, also when it is not the first field", async () => {
    renderWithProviders(<WebhookLikeForm answer={() => new ApiError(422, 'VALIDATION', 422, 'Invalid.', { note: ['The note is refused.'] })} />);
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'http://10.0.0.1/hook' } });
    fireEvent.click(screen.getByLabelText('Event A'));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await screen.findByText('answered');
    await waitFor(() => expect(screen.getByLabelText('Note')).toHaveFocus());
    expect(within(submitRow()).getByRole('status')).toHaveTextContent('1 field needs attention');
  });

  it("focuses the alert when no field is at fault, and repeats its text beside the button without announcing it twice", async () => {
    renderWithProviders(<WebhookLikeForm answer={() => new Error('The panel refused this URL.')} />);
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'http://10.0.0.1/hook' } });
    fireEvent.click(screen.getByLabelText('Event A'));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('The panel refused this URL.');
    const row = submitRow();
    expect(within(row).getByText('The panel refused this URL.')).toHaveAttribute('aria-hidden', 'true');
    expect(within(row).getByRole('status')).toBeEmptyDOMElement();
  });
});

/** The sign-in screens' shape: one full-width button, a link back before the row's summary. */
function FullWidthForm({ align }: { align: 'full' | 'end' | 'start' }) {
  const form = useZodForm<{ email: string }>(z.object({ email: z.string().check(z.minLength(1, 'The e-mail is required.')) }), {
    initialValues: { email: '' },
  });
  return (
    <form onSubmit={form.onSubmit(() => undefined)} noValidate>
      <TextInput label="E-mail" {...form.getInputProps('email')} />
      <FormActions form={form} align={align} leading={<a href="/list">Back to the list</a>}>
        <Button type="submit" fullWidth={align === 'full'}>
          Sign in
        </Button>
      </FormActions>
    </form>
  );
}

describe('the submit row of another shape', () => {
  it.each(['full', 'end', 'start'] as const)('with its buttons aligned %s, still focuses the field and counts it beside the button', async (align) => {
    renderWithProviders(<FullWidthForm align={align} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveFocus());
    const row = screen.getByRole('status').closest<HTMLElement>('form > div')!;
    expect(within(row).getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(within(row).getByRole('status')).toHaveTextContent('1 field needs attention');
  });

  it.each(['full', 'end', 'start'] as const)('with its buttons aligned %s, keeps a leading link at the start of the row, before the summary', (align) => {
    renderWithProviders(<FullWidthForm align={align} />);
    const row = screen.getByRole('status').closest<HTMLElement>('form > div')!;
    expect(row.firstElementChild).toBe(screen.getByRole('link', { name: 'Back to the list' }));
  });
});
