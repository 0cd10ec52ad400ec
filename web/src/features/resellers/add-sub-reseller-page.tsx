import { useLocation } from 'react-router';
import { AddResellerForm } from './add-reseller-form';

/** /add-sub-reseller (permission add-sub-reseller, else /403): the caller becomes the parent. */
export function AddSubResellerPage() {
  // A new visit is a new form: while the list it redirected to is still loading, the router keeps
  // showing this page, and a click on the menu's entry would otherwise find it still "redirecting".
  const { key } = useLocation();
  return <AddResellerForm key={key} kind="sub" />;
}
