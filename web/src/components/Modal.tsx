// Bulma modal card. With onSubmit the card is a <form>, so Enter submits it.
import { useEffect, useId, type FormEvent, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** While true, Escape and the background do not close the modal. */
  busy?: boolean;
}

export function Modal({ title, onClose, children, footer, onSubmit, busy = false }: ModalProps) {
  const titleId = useId();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) onClose();
    };
    window.addEventListener('keydown', onKey);
    document.documentElement.classList.add('is-clipped');
    return () => {
      window.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('is-clipped');
    };
  }, [busy, onClose]);

  const content = (
    <>
      <header className="modal-card-head">
        <p className="modal-card-title" id={titleId}>
          {title}
        </p>
        <button type="button" className="delete" aria-label="Close" onClick={onClose} disabled={busy} />
      </header>
      <section className="modal-card-body">{children}</section>
      <footer className="modal-card-foot">
        <div className="buttons is-right modal-actions">{footer}</div>
      </footer>
    </>
  );

  return (
    <div className="modal is-active" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <div className="modal-background" onClick={busy ? undefined : onClose} />
      {onSubmit ? (
        <form className="modal-card" onSubmit={onSubmit}>
          {content}
        </form>
      ) : (
        <div className="modal-card">{content}</div>
      )}
    </div>
  );
}

/** The usual footer: Cancel, and the submit button (disabled, or showing `busyLabel`, while busy). */
export function ModalActions({ submitLabel, busyLabel, busy, onCancel }: { submitLabel: string; busyLabel?: string; busy: boolean; onCancel: () => void }) {
  return (
    <>
      <button type="button" className="button" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className={`button is-primary${busy && !busyLabel ? ' is-loading' : ''}`} disabled={busy}>
        {busy && busyLabel ? busyLabel : submitLabel}
      </button>
    </>
  );
}
