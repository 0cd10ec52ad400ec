// The API texts only the signed-in screens show (the playlist screens' error texts, the backup findings of
// System → Backups), loaded with the panel texts.
export { backups, errors } from '@panel/contract/messages/esp.json';
