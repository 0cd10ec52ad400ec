import { useState } from 'react';
import { ActionIcon, Button, Card, Center, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconBrandAndroid, IconDownload, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApkPlan } from '@panel/contract';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toastError } from '../../components/toast';
import { session } from '../../lib/session';
import { ApkPlanModal } from './apk-plan-modal';
import { useDeleteApkPlan } from './delete-apk-plan';
import { useApkPlans } from './get-apk-plans';
import { CardGrid } from '../../components/card-grid';
import { formErrorText } from '../../components/form';

/** The open add or edit modal; it mounts with each opening, so it starts from the plan's values. */
type Editor = { plan?: ApkPlan };

/**
 * Download APK (business-panel.md §2; every signed-in user): the APK plans as cards with image,
 * name, description and download link. Adding, editing and deleting each need their permission
 * (add-apk, edit-apk-plan, delete-apk-plan); the server checks them again.
 */
export function DownloadApkPage() {
  const { t } = useTranslation();
  const plans = useApkPlans();
  const remove = useDeleteApkPlan();
  const [editor, setEditor] = useState<Editor>();
  const [deleting, setDeleting] = useState<ApkPlan>();
  const can = { add: session.has('add-apk'), edit: session.has('edit-apk-plan'), remove: session.has('delete-apk-plan') };

  const open = (plan?: ApkPlan) => setEditor({ plan });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => showSuccess(answer.msg || t('apk.planDeleted')),
      onError: (error) => {
        toastError(formErrorText(error, { fallback: t('apk.errors.deleteFailed') }));
        shownWhereItHappened(error);
      },
      onSettled: () => setDeleting(undefined),
    });
  };

  const content = (
    <CardGrid
      items={plans.data?.data}
      pending={plans.isPending}
      failure={plans.isError ? formErrorText(plans.error, { fallback: t('apk.errors.loadFailed') }) : undefined}
      emptyText={t('apk.empty')}
      label={t('apk.title')}
      renderCard={(plan) => (
      <Card key={plan.id} withBorder padding="lg" role="listitem" aria-labelledby={`apk-plan-${plan.id}`}>
        <Card.Section withBorder>
          {plan.image_url ? (
            <Image src={plan.image_url} alt="" h={160} fit="contain" p="sm" />
          ) : (
            <Center h={160} c="dimmed">
              <IconBrandAndroid size={64} aria-hidden />
            </Center>
          )}
        </Card.Section>
        <Stack gap="xs" mt="md" style={{ flex: 1 }}>
          <Title order={2} size="h4" id={`apk-plan-${plan.id}`}>
            {plan.name}
          </Title>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', flex: 1 }}>
            {plan.description}
          </Text>
          <Group justify="space-between" mt="sm">
            <Button
              component="a"
              href={plan.apk_url}
              target="_blank"
              // The APK host gets neither a handle on this tab nor the panel's address.
              rel="noopener noreferrer"
              leftSection={<IconDownload size={16} />}
              aria-label={t('apk.downloadOf', { name: plan.name })}
            >
              {t('apk.download')}
            </Button>
            <Group gap={4}>
              {can.edit && (
                <ActionIcon variant="subtle" onClick={() => open(plan)} aria-label={t('apk.editOf', { name: plan.name })}>
                  <IconPencil size={18} />
                </ActionIcon>
              )}
              {can.remove && (
                <ActionIcon variant="subtle" color="red" onClick={() => setDeleting(plan)} aria-label={t('apk.deleteOf', { name: plan.name })}>
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Group>
          </Group>
        </Stack>
      </Card>
      )}
    />
  );

  return (
    <Stack>
      <Group justify="space-between">
        {can.add && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => open()}>
            {t('apk.add')}
          </Button>
        )}
      </Group>
      {content}
      {editor && <ApkPlanModal plan={editor.plan} onClose={() => setEditor(undefined)} />}
      <ConfirmDialog
        opened={deleting !== undefined}
        title={t('apk.deleteTitle')}
        message={t('apk.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('apk.delete')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
      />
    </Stack>
  );
}
