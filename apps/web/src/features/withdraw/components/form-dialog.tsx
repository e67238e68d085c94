import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/confirm-modal.css';

export interface FormDialogProps {
  title: string;
  /** The dialog's data-testid. */
  testid: string;
  /** Extra classes after `confirm-modal`. */
  className?: string | undefined;
  /** Cancel and Escape. */
  onClose: () => void;
  /** The form's submit (the caller calls `preventDefault`). */
  onSubmit: (event: FormEvent) => void;
  /** A request under way: the submit button is disabled and says "Processing". */
  pending: boolean;
  submitLabel: string;
  /** The form's fields, between the title and the buttons. */
  children: ReactNode;
}

/**
 * The withdraw feature's form in a modal `<dialog>` (focus held inside, Escape cancels, the focus
 * returns where it was): title, the caller's fields, Cancel and submit. components/confirm-modal.tsx
 * is a yes/no question without a form; this one is the three dialogs here that submit one. It lives
 * in the feature, not components/: the confirm-address dialog's lazy chunk shares it with the
 * withdraw pages, and nothing on the phone's first route imports it (issue 14's 150 KB budget).
 */
export function FormDialog({
  title,
  testid,
  className,
  onClose,
  onSubmit,
  pending,
  submitLabel,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={className ? `confirm-modal ${className}` : 'confirm-modal'}
      aria-labelledby={titleId}
      data-testid={testid}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form noValidate onSubmit={onSubmit}>
        <h2 id={titleId} className="confirm-modal__title">
          {title}
        </h2>
        {children}
        <div className="confirm-modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? t('common.processing') : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
