export { fields, validation } from '@panel/contract/messages/ar.json';
