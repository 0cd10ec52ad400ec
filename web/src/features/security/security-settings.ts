import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  profileSecurityEndpoint,
  securitySettingsEndpoint,
  undoSettingsEndpoint,
  updateProfileSecurityEndpoint,
  updateSecuritySettingsEndpoint,
  updateUndoSettingsEndpoint,
  type ProfileSecurityBody,
  type SecuritySettingsBody,
  type UndoSettingsBody,
} from '@panel/contract';
import { call } from '../../api/client';
import { showSuccess } from '../../lib/feedback';

/** `GET /api/settings/security`: the admin's switches (a second factor for every admin, for every reseller). */
export const getSecuritySettings = () => call(securitySettingsEndpoint);
export const useSecuritySettings = (enabled: boolean) => useQuery({ queryKey: ['security-settings'], queryFn: getSecuritySettings, enabled });

export const updateSecuritySettings = (body: SecuritySettingsBody) => call(updateSecuritySettingsEndpoint, { body });
export const useUpdateSecuritySettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: (answer) => {
      queryClient.setQueryData(['security-settings'], answer);
      showSuccess(answer.msg);
    },
  });
};

/** `GET /api/profile/security`: a parent's switch for its whole tree of sub-resellers. */
export const getProfileSecurity = () => call(profileSecurityEndpoint);
export const useProfileSecurity = (enabled: boolean) => useQuery({ queryKey: ['profile-security'], queryFn: getProfileSecurity, enabled });

export const updateProfileSecurity = (body: ProfileSecurityBody) => call(updateProfileSecurityEndpoint, { body });
export const useUpdateProfileSecurity = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfileSecurity,
    onSuccess: (answer) => {
      queryClient.setQueryData(['profile-security'], answer);
      showSuccess(answer.msg);
    },
  });
};

/** `GET /api/settings/activation-undo`: the admin's undo window of activations (issue 27), in hours. */
export const getUndoSettings = () => call(undoSettingsEndpoint);
export const useUndoSettings = () => useQuery({ queryKey: ['undo-settings'], queryFn: getUndoSettings });

export const updateUndoSettings = (body: UndoSettingsBody) => call(updateUndoSettingsEndpoint, { body });
export const useUpdateUndoSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUndoSettings,
    onSuccess: (answer) => {
      queryClient.setQueryData(['undo-settings'], answer);
      showSuccess(answer.msg);
    },
  });
};
