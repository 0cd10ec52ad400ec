import { useParams } from 'react-router';
import { ID_MAX } from '@panel/contract';

/** The `:resellerId` of the route as a row id, or undefined when it cannot name one. */
export function useResellerId(): number | undefined {
  const { resellerId } = useParams();
  const id = Number(resellerId);
  return Number.isInteger(id) && id > 0 && id <= ID_MAX ? id : undefined;
}
