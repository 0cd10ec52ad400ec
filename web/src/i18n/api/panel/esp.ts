// The API texts only the signed-in screens show (the backup findings of System → Backups), loaded with the panel texts.
export { backups } from '@panel/contract/messages/esp.json';
