import { useMemo, useState } from 'react';
import { Alert, Button, CopyButton, Group, Modal, NumberInput, Paper, Radio, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import {
  CODE_PRICES,
  CODE_TYPES,
  createCodesBody,
  MAX_CODES_PER_REQUEST,
  type CodeType,
  type CreateCodesAnswer,
  type CreateCodesBody,
} from '@panel/contract';
import { FormAlert } from '../../components/form-alert';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { MoneySummary } from '../../components/money-summary';
import { ResellerEmailInput } from '../../components/reseller-email-input';
import { shownWhereItHappened } from '../../lib/feedback';
import { formatNumber } from '../../lib/format';
import { codeActionError } from './code-errors';
import { CodeValue } from './code-parts';
import { useCreateCodes } from './create-codes';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** 'ibopro-search': codes may be bought for a reseller found by e-mail. */
  canChooseReseller: boolean;
};

type Values = { subscriptionType: CodeType; codeCount: number | string; resellerEmail: string };

/** The contract's purchase rules over the form's values: an empty count is none, and the e-mail counts only with 'ibopro-search'. */
const schemaFor = (canChooseReseller: boolean) =>
  z.pipe(
    z.transform(
      ({ subscriptionType, codeCount, resellerEmail }: Values) =>
        ({
          subscriptionType,
          codeCount: codeCount === '' ? undefined : codeCount,
          resellerEmail: canChooseReseller ? resellerEmail : undefined,
        }) as z.input<typeof createCodesBody>,
    ),
    createCodesBody,
  );

/**
 * The create-code popup (business-panel.md §2, §5, §9): a type, 1 to 10 codes and, with
 * 'ibopro-search', a reseller e-mail; the price (count × the type's price) is shown before the
 * purchase is confirmed. The new codes are then listed, ready to copy all at once.
 */
export function CreateCodesModal({ opened, onClose, canChooseReseller }: Props) {
  const { t } = useTranslation();
  const [result, setResult] = useState<CreateCodesAnswer>();
  const close = () => {
    setResult(undefined);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={result ? t('activationCodes.create.doneTitle') : t('activationCodes.create.title')}
      centered
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      {result ? (
        <CreatedCodes result={result} onMore={() => setResult(undefined)} onClose={close} />
      ) : (
        <CreateCodesForm canChooseReseller={canChooseReseller} onCreated={setResult} onCancel={close} />
      )}
    </Modal>
  );
}

function CreateCodesForm({
  canChooseReseller,
  onCreated,
  onCancel,
}: {
  canChooseReseller: boolean;
  onCreated: (answer: CreateCodesAnswer) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const create = useCreateCodes();
  const schema = useMemo(() => schemaFor(canChooseReseller), [canChooseReseller]);
  // A message stays until its field changes (the count and the e-mail) or the next try.
  const form = useZodForm<Values, CreateCodesBody>(schema, {
    initialValues: { subscriptionType: 'yearly', codeCount: 1, resellerEmail: '' },
    clearInputErrorOnChange: false,
  });
  const { subscriptionType: type, codeCount: count, resellerEmail: email } = form.values;

  const codeCount = typeof count === 'number' ? count : Number.NaN;
  // §5: more than 10 is said at once, not only when confirming.
  const tooMany = codeCount > MAX_CODES_PER_REQUEST;
  const priced = Number.isInteger(codeCount) && codeCount >= 1 && !tooMany;
  const price = CODE_PRICES[type];

  const submit = form.submit(({ subscriptionType, codeCount: n, resellerEmail }) =>
    create.mutate(
      { subscriptionType, codeCount: n, ...(resellerEmail ? { resellerEmail } : {}) },
      {
        onSuccess: onCreated,
        // The popup shows the refusal itself.
        onError: (error) => {
          if (!form.applyFieldErrors(error)) form.setAlert(codeActionError(error));
          shownWhereItHappened(error);
        },
      },
    ),
  );

  return (
    <form
      onSubmit={(event) => {
        // React events bubble through portals: the page's own forms must not see this one's submit.
        event.stopPropagation();
        submit(event);
      }}
      noValidate
      aria-label={t('activationCodes.create.title')}
    >
      <Stack>
        <Radio.Group
          label={t('activationCodes.create.type')}
          required
          value={type}
          onChange={(value) => form.setFieldValue('subscriptionType', value)}
          error={errorText(form.errors.subscriptionType, 'subscriptionType')}
        >
          <Group mt={6} gap="lg">
            {CODE_TYPES.map((option) => (
              <Radio
                key={option}
                value={option}
                label={t('activationCodes.create.typeOption', {
                  type: t(`activationCodes.types.${option}`),
                  price: t('activationCodes.create.credits', { count: CODE_PRICES[option] }),
                })}
              />
            ))}
          </Group>
        </Radio.Group>
        <NumberInput
          label={t('activationCodes.create.count')}
          description={t('activationCodes.create.countHint', { max: MAX_CODES_PER_REQUEST })}
          required
          data-autofocus
          min={1}
          max={MAX_CODES_PER_REQUEST}
          // Kept as typed: a negative, fractional or too large number is explained, never changed.
          clampBehavior="none"
          value={count}
          onChange={(value) => {
            form.setFieldValue('codeCount', value);
            form.clearFieldError('codeCount');
          }}
          error={tooMany ? t('validation.maxCodes') : errorText(form.errors.codeCount, 'codeCount')}
        />
        {canChooseReseller && (
          <ResellerEmailInput
            label={t('activationCodes.create.resellerEmail')}
            placeholder={t('activationCodes.create.resellerEmailPlaceholder')}
            searchingLabel={t('activationCodes.create.searching')}
            value={email}
            onChange={(value) => {
              form.setFieldValue('resellerEmail', value);
              form.clearFieldError('resellerEmail');
            }}
            error={errorText(form.errors.resellerEmail, 'resellerEmail')}
          />
        )}
        <Paper withBorder p="sm" bg="var(--mantine-color-blue-light)" role="status" aria-live="polite">
          <Text size="sm" c="dimmed">
            {t('activationCodes.create.price')}
          </Text>
          <Text fw={600}>
            {priced
              ? t('activationCodes.create.priceFormula', {
                  codes: t('activationCodes.create.codes', { count: codeCount }),
                  price: t('activationCodes.create.credits', { count: price }),
                  total: t('activationCodes.create.credits', { count: codeCount * price }),
                })
              : '—'}
          </Text>
        </Paper>
        {priced && <MoneySummary move="codePurchase" recipient={canChooseReseller && email.trim() ? email.trim() : undefined} points={codeCount * price} />}
        <FormAlert form={form} />
        <FormActions form={form}>
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={tooMany}>
            {t('activationCodes.create.confirm')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

function CreatedCodes({ result, onMore, onClose }: { result: CreateCodesAnswer; onMore: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const all = result.data.map((code) => code.value).join('\n');
  return (
    <Stack>
      <Alert color="green" variant="light" role="status">
        {result.message || result.msg}
      </Alert>
      <Paper withBorder p="sm">
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('activationCodes.create.newCodes')}>
          {result.data.map((code) => (
            <li key={code.id}>
              <CodeValue value={code.value} />
              <Text span size="sm" c="dimmed">
                {` · ${t(`activationCodes.types.${code.type}`)}`}
              </Text>
            </li>
          ))}
        </Stack>
      </Paper>
      <Text size="sm">
        {t('activationCodes.create.spent', { count: result.credit_points })}{' '}
        {t('activationCodes.create.remaining', { balance: formatNumber(result.remaining_credit) })}
      </Text>
      <Group justify="space-between" gap="sm">
        <CopyButton value={all} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? t('activationCodes.copied') : t('activationCodes.create.copyAll')}
            </Button>
          )}
        </CopyButton>
        <Group gap="xs">
          <Button variant="default" onClick={onMore}>
            {t('activationCodes.create.more')}
          </Button>
          <Button onClick={onClose} data-autofocus>
            {t('table.close')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
