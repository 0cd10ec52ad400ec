import { AddResellerForm } from './add-reseller-form';

/** /add-sub-reseller (permission add-sub-reseller, else /403): the caller becomes the parent. */
export function AddSubResellerPage() {
  return <AddResellerForm kind="sub" />;
}
