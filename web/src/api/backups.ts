import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backupsEndpoint, startBackupEndpoint, type BackupsAnswer } from '@panel/contract';
import { call } from './client';

/** How often the list asks again while a backup or its restore check is running. */
export const BACKUP_POLL_MS = 2000;

const KEY = ['backups'];

/** Whether the answer shows work still going on: a backup running, or the newest one not checked yet. */
export function backupInProgress(answer: BackupsAnswer | undefined): boolean {
  if (!answer) return false;
  return answer.data.running !== null || (answer.data.backups[0] !== undefined && answer.data.backups[0].drill === null);
}

/** `GET /api/backups` (always the live database's, whatever the mode): the running one, why backups cannot run, the kept ones newest first. */
export const getBackups = () => call(backupsEndpoint);
export const backupsQuery = () => ({
  queryKey: KEY,
  queryFn: getBackups,
  refetchInterval: (query: { state: { data: BackupsAnswer | undefined } }) => (backupInProgress(query.state.data) ? BACKUP_POLL_MS : false),
});
export const useBackups = (options: { silent?: boolean } = {}) => useQuery({ ...backupsQuery(), meta: options.silent ? { silent: true } : undefined });

/** `POST /api/backups`: starts one in the background (409 BACKUP_RUNNING while one runs). */
export const startBackup = () => call(startBackupEndpoint);

/** The list is asked again at once: it then shows the running backup and polls until it is checked. */
export const useStartBackup = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startBackup, onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }) });
};
