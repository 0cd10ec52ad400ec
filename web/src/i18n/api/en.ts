export { fields, validation } from '@panel/contract/messages/en.json';
