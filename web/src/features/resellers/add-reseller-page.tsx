import { useLocation } from 'react-router';
import { AddResellerForm } from './add-reseller-form';

/** /add-reseller (permission add-reseller, else /403; checked by the route guard). */
export function AddResellerPage() {
  // A new visit is a new form: while the list it redirected to is still loading, the router keeps
  // showing this page, and a click on the menu's entry would otherwise find it still "redirecting".
  const { key } = useLocation();
  return <AddResellerForm key={key} kind="reseller" />;
}
