import { Box, Button, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setPasscodeForm, type PasscodeForm } from '@panel/contract';
import { ApiError } from '../../api/client';
import { applyServerErrors, useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { queryClient } from '../../app/query-client';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { useLogout } from '../../lib/use-logout';
import { useSetPasscode } from './set-passcode';

/** The part of the cached `GET /api/profile` answer this screen touches. */
type CachedProfile = { data: { hasPasscode: boolean } };

/**
 * /set-passcode-modal (core-panel.md §4): right after sign-in, an account without a credit-share
 * passcode sets one here before it may go on to /dashboard. The dialog cannot be dismissed.
 */
export function SetPasscodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const mutation = useSetPasscode();
  const logout = useLogout();
  const form = useZodForm<PasscodeForm>(setPasscodeForm, { initialValues: { passcode: '', passcode_confirmation: '' } });

  const goOn = async () => {
    // The guard in front of /dashboard reads the profile's `hasPasscode`: a stale `false` would send
    // the user straight back here, so mark it now and then fetch the truth before navigating.
    queryClient.setQueryData<CachedProfile>(['profile'], (old) => old && { ...old, data: { ...old.data, hasPasscode: true } });
    await queryClient.invalidateQueries({ queryKey: ['profile'], refetchType: 'all' });
    void navigate('/dashboard', { replace: true });
  };

  const submit = form.onSubmit((values) =>
    mutation.mutate(values.passcode, {
      onSuccess: () => {
        showSuccess(t('passcode.set.success'));
        void goOn();
      },
      // A passcode that already exists is no failure; field messages go under their inputs; anything
      // else is the query client's toast.
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'PASSCODE_EXISTS') {
          shownWhereItHappened(error);
          void goOn();
        } else if (applyServerErrors(form, error)) shownWhereItHappened(error);
      },
    }),
  );

  const toggle = { 'aria-label': t('passcode.set.showPasscode') };
  return (
    <Box component="main" mih="100vh" bg="var(--mantine-color-body)">
      <Modal
        opened
        onClose={() => undefined}
        title={t('passcode.set.title')}
        centered
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        size="md"
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('passcode.set.intro')}
            </Text>
            <PasswordInput
              label={t('passcode.set.passcode')}
              inputMode="numeric"
              autoComplete="off"
              data-autofocus
              visibilityToggleButtonProps={toggle}
              {...form.getInputProps('passcode')}
              error={errorText(form.errors.passcode, 'passcode')}
            />
            <PasswordInput
              label={t('passcode.set.confirmation')}
              inputMode="numeric"
              autoComplete="off"
              visibilityToggleButtonProps={toggle}
              {...form.getInputProps('passcode_confirmation')}
              error={errorText(form.errors.passcode_confirmation, 'passcode_confirmation')}
            />
            <FormActions form={form} align="full">
              <Button type="submit" fullWidth loading={mutation.isPending}>
                {t('passcode.set.submit')}
              </Button>
            </FormActions>
            <Button variant="subtle" color="gray" fullWidth onClick={() => logout.mutate()} loading={logout.isPending}>
              {t('nav.logout')}
            </Button>
          </Stack>
        </form>
      </Modal>
    </Box>
  );
}
