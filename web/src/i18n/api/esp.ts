export { fields, validation } from '@panel/contract/messages/esp.json';
