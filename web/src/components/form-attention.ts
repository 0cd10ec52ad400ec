import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The controls of a form that show an error, in the order a reader meets them. Mantine ties every
 * input (and a checkbox group) to its message with `aria-describedby="<id>-error"`; a password
 * input and a checkbox carry no `aria-invalid`, so the message is the one sign they all share.
 */
export function invalidControls(scope: ParentNode): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>('[aria-invalid="true"], [aria-describedby]')].filter(
    (control) => control.getAttribute('aria-invalid') === 'true' || errorMessageOf(control) !== null,
  );
}

function errorMessageOf(control: HTMLElement): HTMLElement | null {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
  for (const id of ids) {
    const message = control.ownerDocument.getElementById(id);
    if (message) return message;
  }
  return null;
}

/**
 * Moves the reader to what stopped the submit: the first invalid field (a checkbox group's first
 * box), or else the form's alert. It scrolls to the middle of the nearest scrolling box (the page,
 * or a modal's body) so that the label, the field and its message show together, below any sticky
 * header, in a long dialog scrolled to its bottom as on a page.
 */
function bringToAttention(scope: HTMLElement, alert: HTMLElement | null) {
  const control = invalidControls(scope)[0];
  const target = control ? (control.matches('input, select, textarea, button') ? control : (control.querySelector<HTMLElement>('input, select, textarea, button') ?? control)) : alert;
  if (!target?.isConnected) return;
  const message = control ? errorMessageOf(control) : null;
  let shown: HTMLElement = target;
  while (message && shown.parentElement && !shown.contains(message)) shown = shown.parentElement;
  target.focus({ preventScroll: true });
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  shown.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
}

/** What a form's submit row reads from `useFailureFocus`: see `FormActions`. */
export type FormAttention = {
  /** The last submit failed and the reader has not submitted again. */
  failed: boolean;
  /** Tells the form which `<form>` element it is (FormActions gives its own form). */
  watch: (element: Element | null) => void;
  /** The form's alert element (FormAlert's ref): the place to go when no field is at fault. */
  alertRef: (element: HTMLElement | null) => void;
};

/**
 * After a submit, the first failure that arrives (the schema's, a 422's field messages or an alert,
 * however late) moves focus and the view to it: nothing else visible changes when the message is
 * out of sight. A failure that arrives after the reader has typed again stays where it is.
 */
export function useFailureFocus(errors: Record<string, unknown>, alert: string | undefined, alertRaised: number) {
  const scope = useRef<HTMLFormElement | null>(null);
  const alertElement = useRef<HTMLElement | null>(null);
  /** A submit happened and nothing has answered it yet (no failure shown, no typing since). */
  const awaiting = useRef(false);
  const [failed, setFailed] = useState(false);
  const listeners = useRef<() => void>(undefined);

  const submitted = useCallback(() => {
    awaiting.current = true;
    setFailed(false);
  }, []);
  const watch = useCallback(
    (element: Element | null) => {
      const form = element?.closest('form') ?? null;
      if (form === null || form === scope.current) return;
      listeners.current?.();
      scope.current = form;
      // A native listener hears every submit, also one a screen's own handler refuses before the
      // form's (the playlist form's "fill in all fields"); typing again ends the wait.
      const typed = () => {
        awaiting.current = false;
      };
      form.addEventListener('submit', submitted);
      form.addEventListener('input', typed);
      listeners.current = () => {
        form.removeEventListener('submit', submitted);
        form.removeEventListener('input', typed);
      };
    },
    [submitted],
  );
  useEffect(() => () => listeners.current?.(), []);

  const fieldFailed = Object.values(errors).some((message) => typeof message === 'string' ? message !== '' : Boolean(message));
  useEffect(() => {
    if (!awaiting.current || scope.current === null || (!fieldFailed && alert === undefined)) return;
    awaiting.current = false;
    setFailed(true);
    bringToAttention(scope.current, alertElement.current);
    // `errors` is a new object with every validation and `alertRaised` counts every alert set.
  }, [errors, alertRaised, fieldFailed, alert]);

  const alertRef = useCallback((element: HTMLElement | null) => {
    alertElement.current = element;
  }, []);
  const attention: FormAttention = { failed, watch, alertRef };
  return { attention, submitted };
}
