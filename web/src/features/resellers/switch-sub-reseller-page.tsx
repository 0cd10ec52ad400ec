import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccountSummary } from './account-summary';
import { useParentReseller } from './get-parent-reseller';
import { useSubResellerDetail } from './get-sub-reseller-detail';
import { ParentChangeForm } from './parent-change-form';
import { useResellerId } from '../../lib/use-reseller-id';
import { formErrorText } from '../../components/form';

/**
 * /switch-sub-reseller/:resellerId (permission switch-reseller, else /403): the sub-reseller's
 * current parent (name and e-mail) and an e-mail search for another one.
 */
export function SwitchSubResellerPage() {
  const { t } = useTranslation();
  const id = useResellerId();
  const detail = useSubResellerDetail(id ?? 0);
  const parent = useParentReseller(id ?? 0);

  let content;
  if (id === undefined || detail.isError) {
    content = <ErrorAlert message={formErrorText(detail.error, { refusal: t('resellerForms.errors.detailUnavailable'), network: t('resellerForms.errors.detailError'), fallback: t('resellerForms.errors.detailError') })} />;
  } else if (detail.isPending || parent.isPending) {
    content = (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (parent.isError) {
    // 404: 'This Reseller has no parent reseller!' from the server; no answer: the loading error.
    content = <ErrorAlert message={formErrorText(parent.error, { network: t('resellerForms.errors.detailError'), fallback: t('resellerForms.errors.detailError') })} />;
  } else {
    const account = detail.data.data.IBOReseller;
    const current = parent.data.data;
    content = (
      <>
        <AccountSummary heading={t('resellerForms.switch.subReseller')} name={account.name} email={account.email} />
        <AccountSummary heading={t('resellerForms.switch.currentParent')} name={current.name} email={current.email} />
        <ParentChangeForm subResellerId={account.id} excludeIds={[account.id, current.id]} submitLabel={t('resellerForms.switch.submit')} />
      </>
    );
  }

  return (
    <Stack maw={640}>
      {content}
    </Stack>
  );
}

function ErrorAlert({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
