import { AddResellerForm } from './add-reseller-form';

/** /add-reseller (permission add-reseller, else /403; checked by the route guard). */
export function AddResellerPage() {
  return <AddResellerForm kind="reseller" />;
}
