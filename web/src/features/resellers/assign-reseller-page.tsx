import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccountSummary } from './account-summary';
import { useSubResellerDetail } from './get-sub-reseller-detail';
import { ParentChangeForm } from './parent-change-form';
import { useResellerId } from '../../lib/use-reseller-id';
import { formErrorText } from '../../components/form';

/** /assign-to-reseller/:resellerId (permission assign-reseller, else /403): the reseller's name and e-mail and a parent picker. */
export function AssignResellerPage() {
  const { t } = useTranslation();
  const id = useResellerId();
  const detail = useSubResellerDetail(id ?? 0);

  let content;
  if (id === undefined || detail.isError) {
    content = (
      <Alert color="red" variant="light" role="alert">
        {formErrorText(detail.error, { refusal: t('resellerForms.errors.detailUnavailable'), network: t('resellerForms.errors.detailError'), fallback: t('resellerForms.errors.detailError') })}
      </Alert>
    );
  } else if (detail.isPending) {
    content = (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else {
    const account = detail.data.data.IBOReseller;
    const excludeIds = [account.id, ...(account.parent_reseller ? [account.parent_reseller.id] : [])];
    content = (
      <>
        <AccountSummary heading={t('resellerForms.assign.reseller')} name={account.name} email={account.email} />
        {account.parent_reseller && (
          <AccountSummary
            heading={t('resellerForms.switch.currentParent')}
            name={account.parent_reseller.name}
            email={account.parent_reseller.email}
          />
        )}
        <ParentChangeForm subResellerId={account.id} excludeIds={excludeIds} submitLabel={t('resellerForms.assign.submit')} />
      </>
    );
  }

  return (
    <Stack maw={640}>
      {content}
    </Stack>
  );
}
