import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toastError, toastSuccess } from '../../components/toast';
import { shownWhereItHappened } from '../../lib/feedback';
import { useUndoActivation } from './undo-activation';

type Props = {
  /** The activation rows to undo (one per app of the result). */
  ids: readonly number[];
  /** What is undone, for the button's accessible name and the question: the apps and the MAC. */
  apps: string;
  mac: string;
  /** Credit points the rows cost, told in the question. */
  cost: number;
  onUndone?: () => void;
  size?: 'xs' | 'sm';
};

/**
 * "Undo" with its question (issue 27): the activated apps list's row action, the success message
 * after one activation and the bulk results. The server decides (the window, the device's status
 * call, a later activation) and says why it refuses.
 */
export function UndoActivationAction({ ids, apps, mac, cost, onUndone, size = 'xs' }: Props) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const undo = useUndoActivation();
  const confirm = () =>
    undo.mutate(ids, {
      onSuccess: ({ answer, refunded }) => {
        setAsking(false);
        toastSuccess(ids.length === 1 ? answer.msg : t('undo.doneMany', { points: refunded }));
        onUndone?.();
      },
      onError: (error) => {
        setAsking(false);
        toastError(error instanceof ApiError && error.status > 0 && error.status < 500 && error.message ? error.message : t('undo.failed'));
        shownWhereItHappened(error);
      },
    });
  return (
    <>
      <Button
        size={size}
        variant="light"
        color="orange"
        leftSection={<IconArrowBackUp size={14} aria-hidden />}
        onClick={() => setAsking(true)}
        aria-label={t('undo.buttonNamed', { apps, mac })}
      >
        {t('undo.button')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('undo.confirmTitle')}
        message={t('undo.confirmText', { apps, mac, points: cost })}
        confirmLabel={t('undo.confirm')}
        color="orange"
        loading={undo.isPending}
        onConfirm={confirm}
        onClose={() => !undo.isPending && setAsking(false)}
      />
    </>
  );
}
