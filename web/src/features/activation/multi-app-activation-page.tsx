import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Chip, Group, Input, Radio, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconApps, IconArrowBackUp, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVATION_PACKAGES,
  BLOCKING_MULTI_APP_STATUSES,
  COMMENT_MAX_LENGTH,
  MAX_ACTIVATION_APPS,
  activationCost,
  normaliseMac,
  type ActivationPackage,
  type BulkActivateAnswer,
  type MultiAppCheck,
} from '@panel/contract';
import { ApiError } from '../../api/client';
import { useAllowedApplications } from '../../api/allowed-applications';
import { AppLogo } from '../../components/app-name';
import { CardTable } from '../../components/card-table';
import { useMacField } from '../../components/device-choice';
import { FormHeading } from '../../components/form-heading';
import { MacInput } from '../../components/mac-input';
import { useTextLimit } from '../../components/text-limit';
import { toastError, toastSuccess } from '../../components/toast';
import { formatRecordDay, formatRecordTime } from '../../lib/format';
import { session } from '../../lib/session';
import { shownWhereItHappened } from '../../lib/feedback';
import { activationFailure, type ActivationFailure } from './activation-errors';
import { AppStatusModal, ConfirmActivationModal, type ActivationRequest } from './activation-modals';
import { useBulkActivate } from './bulk-activate';
import { useCheckMultiApp } from './check-multi-app';
import { undoOpen } from './undo-activation';
import { UndoActivationAction } from './undo-activation-action';

type Errors = { apps?: string; pkg?: string };
type Step = { kind: 'status'; checks: Record<string, MultiAppCheck> } | { kind: 'confirm'; cost: number };

/**
 * Multi-app activation (business-panel.md §2, §4, §5, §9): up to 4 apps, a package, optional
 * remarks and a MAC address. The device's status per app comes first; the apps that may be
 * activated then go to a confirmation showing the price the server quotes, and only that
 * confirmation charges credit, once, for all of them or none.
 */
export function MultiAppActivationPage() {
  const { t } = useTranslation();
  const applications = useAllowedApplications();
  const apps = applications.data?.data.ApplicationList ?? [];
  const withRemarks = session.has('multi apps activation-remarks');

  const [selected, setSelected] = useState<string[]>([]);
  const [pkg, setPkg] = useState<ActivationPackage | null>(null);
  const [remarks, setRemarks] = useState('');
  const remarksLimit = useTextLimit(remarks, COMMENT_MAX_LENGTH);
  const mac = useMacField();
  const [errors, setErrors] = useState<Errors>({});
  const [request, setRequest] = useState<ActivationRequest>();
  const [step, setStep] = useState<Step>();
  const [failure, setFailure] = useState<ActivationFailure>();
  const [activated, setActivated] = useState<BulkActivateAnswer>();
  const check = useCheckMultiApp();
  const bulk = useBulkActivate();

  const pick = (values: string[]) => {
    // A fifth app is refused with the specification's message; the four chosen stay as they are.
    if (values.length > MAX_ACTIVATION_APPS) {
      setErrors((e) => ({ ...e, apps: t('validation.tooManyApps') }));
      return;
    }
    setSelected(values);
    setErrors((e) => ({ ...e, apps: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typedMac = mac.validate();
    const next: Errors = {
      apps: selected.length === 0 ? t('validation.appsRequired') : undefined,
      pkg: pkg ? undefined : t('validation.packageRequired'),
    };
    setErrors(next);
    if (next.apps || next.pkg || !typedMac || !pkg || (withRemarks && remarksLimit.error)) return;
    // Shown in the dialogs as the result shows it: the stored form.
    const macAddress = normaliseMac(typedMac);
    const chosen = selected.flatMap((id) => apps.filter((app) => String(app.id) === id).map((app) => ({ id: app.id, name: app.app_name })));
    const snapshot: ActivationRequest = { apps: chosen, pkg, macAddress, comment: withRemarks ? remarks : '' };
    setActivated(undefined);
    check.mutate(
      { macAddress, app_id: chosen.map((app) => app.id) },
      {
        onSuccess: (answer) => {
          setRequest(snapshot);
          setFailure(undefined);
          setStep({ kind: 'status', checks: answer.data.responseDataArray });
        },
        // Field messages under their inputs, anything else in this screen's toast.
        onError: (error) => {
          shownWhereItHappened(error);
          if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
            const fields = error.fieldErrors();
            const appsError = fields.app_id ?? Object.entries(fields).find(([key]) => key.startsWith('app_id'))?.[1];
            if (fields.macAddress || appsError) {
              mac.setError(fields.macAddress);
              setErrors({ apps: appsError });
              return;
            }
          }
          toastError(error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : t('activation.errors.checkFailed'));
        },
      },
    );
  };

  /** The apps of the status check that may be activated. */
  const activatable = (checks: Record<string, MultiAppCheck>) =>
    (request?.apps ?? []).filter((app) => isActivatable(checks[String(app.id)]));

  const quote = (apps: ActivationRequest['apps']) => {
    if (!request) return;
    bulk.mutate(
      { ...request, apps, isConfirmed: false },
      {
        onSuccess: (answer) => {
          setRequest({ ...request, apps });
          setStep({ kind: 'confirm', cost: answer.credit_points });
        },
        // The modals show the refusal (per app, credit, price) themselves.
        onError: (error) => {
          setFailure(activationFailure(error, apps));
          shownWhereItHappened(error);
        },
      },
    );
  };

  const confirm = (cost: number) => {
    if (!request) return;
    setFailure(undefined);
    bulk.mutate(
      { ...request, creditPoints: cost, isConfirmed: true },
      {
        onSuccess: (answer) => {
          setStep(undefined);
          setActivated(answer);
          toastSuccess(answer.msg || t('activation.success'));
          setSelected([]);
          setPkg(null);
          setRemarks('');
          mac.setValue('');
        },
        onError: (error) => {
          const reaction = activationFailure(error, request.apps);
          setFailure(reaction);
          shownWhereItHappened(error);
          // The price moved between the quote and the confirmation: show the new one to confirm again.
          if (reaction.priceChanged) quote(request.apps);
        },
      },
    );
  };

  const close = () => {
    if (bulk.isPending) return;
    setStep(undefined);
    setFailure(undefined);
  };

  const estimate = pkg && selected.length > 0 ? activationCost(pkg, selected.length) : undefined;

  return (
    <Stack gap="lg" maw={760}>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate aria-labelledby="multi-app-title">
          <Stack>
            <FormHeading id="multi-app-title" icon={IconApps} title={t('activation.heading')} intro={t('activation.intro', { max: MAX_ACTIVATION_APPS })} />

            <Input.Wrapper
              label={t('activation.apps')}
              description={t('activation.appsHint', { selected: selected.length, max: MAX_ACTIVATION_APPS })}
              error={errors.apps}
              required
              inputWrapperOrder={['label', 'description', 'input', 'error']}
            >
              {applications.isPending ? (
                <Group gap="xs" mt={6}>
                  {[0, 1, 2, 3].map((n) => (
                    <Skeleton key={n} h={32} w={110} radius="xl" />
                  ))}
                </Group>
              ) : applications.isError ? (
                <Alert color="red" variant="light" role="alert" mt={6}>
                  {t('activation.appsFailed')}
                </Alert>
              ) : apps.length === 0 ? (
                <Alert color="orange" variant="light" role="alert" mt={6}>
                  {t('activation.noApps')}
                </Alert>
              ) : (
                <Chip.Group multiple value={selected} onChange={pick}>
                  <Group gap="xs" mt={6} role="group" aria-label={t('activation.apps')}>
                    {apps.map((app) => (
                      <Chip key={app.id} value={String(app.id)}>
                        <Group gap={6} wrap="nowrap" component="span">
                          <AppLogo logo={app.app_logo} size={18} />
                          {app.app_name}
                        </Group>
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              )}
            </Input.Wrapper>

            <Radio.Group
              label={t('activation.package')}
              required
              value={pkg}
              onChange={(value) => {
                setPkg(value);
                setErrors((e) => ({ ...e, pkg: undefined }));
              }}
              error={errors.pkg}
              description={estimate !== undefined ? t('activation.estimate', { count: estimate }) : t('activation.packageHint')}
            >
              <Group mt="xs">
                {ACTIVATION_PACKAGES.map((name) => (
                  <Radio key={name} value={name} label={t(`activation.packages.${name}`)} />
                ))}
              </Group>
            </Radio.Group>

            {withRemarks && (
              <Textarea
                label={t('activation.remarks')}
                placeholder={t('activation.remarksPlaceholder')}
                rows={2}
                value={remarks}
                onChange={(event) => setRemarks(event.currentTarget.value)}
                description={remarksLimit.description}
                inputWrapperOrder={remarksLimit.inputWrapperOrder}
                error={remarksLimit.error}
              />
            )}

            <MacInput {...mac.props} />

            <Group justify="flex-end">
              <Button type="submit" loading={check.isPending} disabled={apps.length === 0}>
                {t('activation.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      {activated && <ActivatedDevices answer={activated} />}

      {request && step?.kind === 'status' && (
        <AppStatusModal
          request={request}
          checks={step.checks}
          activatable={activatable(step.checks)}
          failure={failure}
          loading={bulk.isPending}
          onContinue={() => quote(activatable(step.checks))}
          onClose={close}
        />
      )}
      {request && step?.kind === 'confirm' && (
        <ConfirmActivationModal
          request={request}
          cost={step.cost}
          failure={failure}
          loading={bulk.isPending}
          onConfirm={() => confirm(step.cost)}
          onClose={close}
        />
      )}
    </Stack>
  );
}

/** Only an app whose check says active, expired or trial may be activated (business-panel.md §4). */
function isActivatable(check: MultiAppCheck | undefined): boolean {
  return check !== undefined && !BLOCKING_MULTI_APP_STATUSES.includes(check.status);
}

const SCROLL_MARGIN = {
  scrollMarginTop: 'calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-md))',
  scrollMarginBottom: 'calc(var(--app-shell-footer-offset, 0px) + var(--mantine-spacing-md))',
};

function ActivatedDevices({ answer }: { answer: BulkActivateAnswer }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [undone, setUndone] = useState(false);
  // Undo (issue 27): offered for the window the server named, for the whole request (every app's row).
  const ids = answer.activated_devices.map((device) => device.activation_id).filter((id): id is number => id !== undefined);
  const until = answer.activated_devices[0]?.undo_until;
  const canUndo = session.has('multi apps activation') && ids.length === answer.activated_devices.length && ids.length > 0 && undoOpen(until);
  // The result appears below the form, out of sight at 1280 px: brought into view (clear of the
  // fixed header and footer, SCROLL_MARGIN), and focused so that a screen reader reads it.
  useEffect(() => {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'nearest' });
    ref.current?.focus({ preventScroll: true });
    setUndone(false);
  }, [answer]);
  if (undone) {
    return (
      <Alert color="orange" variant="light" role="status" icon={<IconArrowBackUp />} title={t('undo.undoneTitle')}>
        {t('undo.undoneText', { points: answer.credit_points })}
      </Alert>
    );
  }
  return (
    <Alert ref={ref} tabIndex={-1} style={SCROLL_MARGIN} color="green" variant="light" role="status" icon={<IconCircleCheck />} title={t('activation.done.title')}>
      <Stack gap="xs">
        <CardTable
          label={t('activation.done.title')}
          columns={[
            { key: 'module', header: t('activation.done.module'), render: (device) => device.module },
            { key: 'mac', header: t('activation.done.macAddress'), fit: 'nowrap', render: (device) => <span dir="ltr">{device.mac_address}</span> },
            {
              key: 'expiry',
              header: t('activation.done.expiry'),
              card: 'lead',
              render: (device) => (device.is_lifetime ? t('activation.lifetime') : formatRecordDay(device.expire_date)),
            },
          ]}
          rows={answer.activated_devices}
          rowKey={(device) => `${device.module}-${device.mac_address}`}
        />
        <Text size="sm">{t('activation.done.balance', { count: answer.credit_points, balance: answer.credit_point })}</Text>
        {canUndo && (
          <Group gap="sm" wrap="wrap" justify="space-between">
            <Text size="sm">{t('undo.offer', { time: formatRecordTime(until) })}</Text>
            <UndoActivationAction
              size="sm"
              ids={ids}
              apps={answer.activated_devices.map((device) => device.module).join(', ')}
              mac={answer.activated_devices[0]!.mac_address}
              cost={answer.credit_points}
              onUndone={() => setUndone(true)}
            />
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
