import { useForm, type UseFormInput } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { ApiError } from '../api/client';

/**
 * A Mantine form validated by the contract's zod schema: the same rules as the server. Errors
 * are message keys (`validation.required`) until shown, then translated with the field's label;
 * errors from a 422 answer arrive already translated and are shown as they are.
 */
export function useZodForm<Values extends Record<string, unknown>>(
  schema: z.ZodMiniType<Values, unknown>,
  options: Omit<UseFormInput<Values>, 'validate'> & { initialValues: Values },
) {
  // The first failed rule of a field is its message, as the server's first field message is
  // (an empty passcode reads 'Please enter a passcode.', not the length rule after it).
  return useForm<Values>({ ...options, validate: zod4Resolver(schema, { errorPriority: 'first' }) });
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
  /** `limits` fills a length rule's number ("may not be greater than 255 characters"): the resolver keeps only the key. */
  return (message: unknown, field: string, limits: { min?: number; max?: number } = {}): string | undefined => {
    if (typeof message !== 'string' || message === '') return undefined;
    if (!isMessageKey(message)) return message;
    const label = t(`fields.${field}`, { defaultValue: field });
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
