import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format';

/**
 * The one limit-and-counter pattern of a text with a maximum: a counter ("12 / 50") under the
 * field, and past the limit a message naming it. The field itself cuts nothing (no native
 * `maxLength`, which drops the rest of a paste without a word): the text stays as typed or pasted,
 * and the form's schema refuses to send it until it fits.
 *
 * Texts a person writes (names, titles, descriptions, remarks) show the counter; addresses and
 * identifiers (e-mails, URLs, usernames, phone numbers, keys) take only the `error`: no real one
 * comes near its limit, so a counter would be noise. Secrets keep their own rules.
 */
export function useTextLimit(value: string, max: number) {
  const { t } = useTranslation();
  const over = value.length > max;
  return {
    description: (
      <Text component="span" size="xs" c={over ? 'red.8' : 'dimmed'} aria-live="polite">
        {t('richText.count', { length: formatNumber(value.length), max: formatNumber(max) })}
      </Text>
    ),
    error: over ? t('richText.overLimit', { count: max, amount: formatNumber(max) }) : undefined,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  };
}
