import { useCallback, useState } from 'react';
import { useForm, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { ApiError } from '../api/client';
import { i18n } from '../i18n';
import { shownWhereItHappened } from '../lib/feedback';
import { useFailureFocus } from './form-attention';

/**
 * What a form's alert reads when a submit fails with no field to put it under. By default the
 * server's own words (`msg`, already in the caller's language) and, with no answer at all, the
 * client's network line; a screen lists here only what it says differently.
 */
export type FormErrorTexts = {
  /** No answer (network failure, status 0). */
  network?: string;
  /** The refusals, by error code, whose text this screen keeps instead of the server's. */
  codes?: Record<string, string>;
  /** A failure that is not an API answer, or an answer without a message. */
  fallback?: string;
  /** Every refusal that is not a field's, where the screen has always said one sentence of its own. */
  refusal?: string;
  /** A server failure (5xx) reads `fallback`, not the server's generic sentence: the screen's words are the better ones. */
  serverError?: boolean;
};

/** The alert text of a failed submit: see `FormErrorTexts`. */
export function formErrorText(error: unknown, texts: FormErrorTexts = {}): string {
  const fallback = texts.fallback ?? i18n.t('common.unexpectedError');
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return texts.network ?? error.message;
  if (texts.serverError && error.status >= 500) return fallback;
  const kept = error.code === undefined ? undefined : texts.codes?.[error.code];
  return kept ?? texts.refusal ?? (error.message || fallback);
}

/**
 * A Mantine form validated by the contract's zod schema: the same rules as the server. Errors
 * are message keys (`validation.required`) until shown, then translated with the field's label;
 * errors from a 422 answer arrive already translated and are shown as they are.
 *
 * The one error path of a form: `form.submit(send)` validates, clears the alert and hands `send`
 * the schema's output (trimmed and converted, as the server reads it: `Output` where it differs from the typed `Values`); the mutation's `onError: form.fail` puts
 * a 422's messages under their fields and anything else in `form.alert` (`<FormAlert form={form} />`)
 * in the server's words, or the texts of `errorTexts` the screen keeps.
 *
 * However a submit fails (the schema, a 422, an alert the screen sets), focus and the view go to
 * the first invalid field or else the alert (`useFailureFocus`), and `<FormActions form={form}>`
 * repeats beside the submit button how many fields need attention, or the alert's text.
 */
export function useZodForm<Values extends Record<string, unknown>, Output = Values>(
  schema: z.ZodMiniType<Output, unknown>,
  { errorTexts, ...options }: Omit<UseFormInput<Values>, 'validate'> & { initialValues: Values; errorTexts?: FormErrorTexts },
) {
  // The first failed rule of a field is its message, as the server's first field message is
  // (an empty passcode reads 'Please enter a passcode.', not the length rule after it).
  const form = useForm<Values>({ ...options, validate: zod4Resolver(schema, { errorPriority: 'first' }) });
  const [alert, keepAlert] = useState<string>();
  /** Counts the alerts set: the same refusal twice is a second failure to bring to the reader. */
  const [alertRaised, setAlertRaised] = useState(0);
  const setAlert = useCallback((text: string | undefined) => {
    keepAlert(text);
    if (text !== undefined) setAlertRaised((count) => count + 1);
  }, []);
  const { attention, submitted } = useFailureFocus(form.errors, alert, alertRaised);
  /** Mantine's `onSubmit`, which also tells the form where it is and that a submit is under way. */
  const onSubmit: UseFormReturnType<Values>['onSubmit'] = (handleSubmit, handleValidationFailure) => {
    const run = form.onSubmit(handleSubmit, handleValidationFailure);
    return (event) => {
      if (event) attention.watch(event.currentTarget);
      submitted();
      run(event);
    };
  };
  /** Puts a 422's messages under this form's inputs; answers whether one was about a field of the form. */
  const applyFieldErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiError && error.status === 422)) return false;
    const fields = error.fieldErrors();
    if (!Object.keys(fields).some((field) => field in form.values)) return false;
    form.setErrors(fields);
    return true;
  };
  /** Routes a failed submit: a 422's field messages under their inputs, anything else to the alert. */
  const fail = (error: unknown) => {
    if (!applyFieldErrors(error)) setAlert(formErrorText(error, errorTexts));
    shownWhereItHappened(error);
  };
  const submit = (send: (data: Output) => void, onInvalid?: (errors: Record<string, unknown>) => void) =>
    onSubmit(
      (values) => {
        setAlert(undefined);
        send(schema.parse(values));
      },
      (errors) => {
        setAlert(undefined);
        onInvalid?.(errors);
      },
    );
  return { ...form, onSubmit, alert, setAlert, applyFieldErrors, fail, submit, attention };
}

/** Whether a field message is a contract message key (translated when shown) rather than a server sentence. */
export const isMessageKey = (message: string) => /^(validation|errors)\.[\w.]+$/.test(message);

/**
 * The specification's general 'All fields are required' (tickets, notifications) is said once for
 * the form; under each empty field stands its own "The Title is required.".
 */
export const ALL_FIELDS_REQUIRED = 'validation.allFieldsRequired';
export const fieldMessageKey = (key: string) => (key === ALL_FIELDS_REQUIRED ? 'validation.required' : key);

export function useErrorText() {
  const { t } = useTranslation();
  /**
   * `limits` fills a length rule's number ("may not be greater than 255 characters"): the resolver
   * keeps only the key; `label` names the field where the screen labels it otherwise than `fields.*`.
   */
  return (message: unknown, field: string, limits: { min?: number; max?: number; label?: string } = {}): string | undefined => {
    if (typeof message !== 'string' || message === '') return undefined;
    if (!isMessageKey(message)) return message;
    const label = limits.label ?? t(`fields.${field}`, { defaultValue: field });
    return t(fieldMessageKey(message), { field: label, min: limits.min ?? '', max: limits.max ?? '' });
  };
}

/** Puts a 422's field messages under their inputs; answers whether there were any. */
export function applyServerErrors(form: { setErrors(errors: Record<string, string>): void }, error: unknown): boolean {
  if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
    form.setErrors(error.fieldErrors());
    return true;
  }
  return false;
}
