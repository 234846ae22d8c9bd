import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from '@web/i18n/use-translation';

const FOCUSABLE = 'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled])';

/**
 * The search filters on a phone (issue 32 item 4): a sheet from the screen's foot over the
 * results. A native modal <dialog> (showModal): the page behind is inert and Escape closes it,
 * without a library in the bundle. Tab wraps inside the sheet, so focus never leaves it for
 * the browser's own controls; a tap on the dimmed page closes it. Its content mounts only
 * while open, so a sheet closed without applying forgets what was changed in it.
 */
export function FiltersSheet({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('members');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const leavingEnd = !event.shiftKey && document.activeElement === last;
    const leavingStart = event.shiftKey && document.activeElement === first;
    if (leavingEnd || leavingStart) {
      event.preventDefault();
      (leavingEnd ? first : last).focus();
    }
  }

  return (
    <dialog
      ref={ref}
      className="filters-sheet"
      aria-labelledby={titleId}
      // The browser closes it on Escape; the state follows.
      onClose={onClose}
      // Only a tap outside the sheet's content lands on the dialog itself (its backdrop).
      onClick={(event) => event.target === event.currentTarget && onClose()}
      onKeyDown={keepFocusInside}
    >
      <div className="filters-sheet-content">
        <div className="d-flex align-items-center justify-content-between mb-3">
          <h2 id={titleId} className="h5 mb-0">
            {t('filters.sheetTitle')}
          </h2>
          <button
            type="button"
            className="btn-close"
            aria-label={t('filters.closeSheet')}
            onClick={onClose}
          />
        </div>
        {open && children}
      </div>
    </dialog>
  );
}
