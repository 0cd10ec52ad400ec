import type { Config } from '../../config.js';
import type { PanelMetrics } from '../metrics/panel-metrics.js';
import { onBackupFinished, readRecords } from './backups.service.js';

/**
 * Feeds the backup gauges of GET /metrics: from the records kept in BACKUP_DIR when the node
 * starts (the last backup survives a restart), then from each backup this process finishes.
 * Answers the function that stops listening.
 */
export function reportBackupsTo(metrics: PanelMetrics, config: Pick<Config, 'backups'>): () => void {
  const records = readRecords(config.backups.dir);
  const newest = records[0];
  if (newest) metrics.setBackupLastSuccess(new Date(newest.created_at));
  const verified = records.find((record) => record.drill?.status === 'passed');
  if (verified?.drill) metrics.setBackupLastVerified(new Date(verified.drill.checked_at));
  return onBackupFinished(({ record }) => {
    if (!record) return;
    metrics.setBackupLastSuccess(new Date(record.created_at));
    if (record.drill?.status === 'passed') metrics.setBackupLastVerified(new Date(record.drill.checked_at));
  });
}
