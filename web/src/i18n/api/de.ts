export { fields, validation } from '@panel/contract/messages/de.json';
