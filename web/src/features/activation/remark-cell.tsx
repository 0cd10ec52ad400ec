import { useRef, useState, type KeyboardEvent } from 'react';
import { Group, Loader, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH, type ActivationRecord } from '@panel/contract';
import { ApiError } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toast';
import { useTextLimit } from '../../components/text-limit';
import { shownWhereItHappened } from '../../lib/feedback';
import { useUpdateComment } from './update-comment';

/**
 * A remark edited in place (business-panel.md §2, permission 'multi apps activation-remarks'):
 * a click opens a text box; Enter or leaving the box saves, Escape gives up. The saved text shows
 * at once, before the list is read again.
 */
export function RemarkCell({ row }: { row: ActivationRecord }) {
  const { t } = useTranslation();
  const update = useUpdateComment();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [saved, setSaved] = useState<string | null>();
  const [error, setError] = useState<string>();
  // Enter saves, then the box loses focus: one request, not two.
  const saving = useRef(false);
  const shown = saved !== undefined ? saved : row.comment;
  const limit = useTextLimit(value, COMMENT_MAX_LENGTH);

  const open = () => {
    setValue(shown ?? '');
    setError(undefined);
    setEditing(true);
  };

  const save = () => {
    // Too long, the box stays open with its text and its message until it fits or Escape gives up.
    if (saving.current || limit.error) return;
    const comment = value.trim() || null;
    if (comment === (shown ?? null)) {
      setEditing(false);
      return;
    }
    saving.current = true;
    update.mutate(
      { id: row.id, comment },
      {
        onSuccess: (answer) => {
          setSaved(comment);
          setEditing(false);
          toastSuccess(answer.msg || t('activatedApps.remarkSaved'));
        },
        onError: (failure) => {
          const message =
            failure instanceof ApiError ? (Object.values(failure.fieldErrors())[0] ?? failure.message) : t('activatedApps.remarkFailed');
          setError(message || t('activatedApps.remarkFailed'));
          toastError(message || t('activatedApps.remarkFailed'));
          shownWhereItHappened(failure);
        },
        onSettled: () => {
          saving.current = false;
        },
      },
    );
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(false);
    }
  };

  if (editing) {
    return (
      <TextInput
        size="xs"
        autoFocus
        aria-label={t('activatedApps.remarkFor', { mac: row.mac_address, module: row.module })}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={keyDown}
        onBlur={save}
        description={limit.description}
        inputWrapperOrder={limit.inputWrapperOrder}
        error={limit.error ?? error}
        disabled={update.isPending}
        rightSection={update.isPending ? <Loader size={12} /> : undefined}
      />
    );
  }
  return (
    <UnstyledButton onClick={open} aria-label={t('activatedApps.editRemark', { mac: row.mac_address, module: row.module })}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" c={shown ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {shown || t('activatedApps.addRemark')}
        </Text>
        <IconPencil size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
