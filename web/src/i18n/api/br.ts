export { fields, validation } from '@panel/contract/messages/br.json';
