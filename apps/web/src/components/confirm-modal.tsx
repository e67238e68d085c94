import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './confirm-modal.css';

/** A question with rich content (an OTC preview), or a plain one (lib/feedback/confirm.ts's ConfirmRequest). */
export interface ModalQuestion {
  title?: string | undefined;
  content: ReactNode;
  confirmText: string;
  cancelText: string;
}

interface Pending {
  question: ModalQuestion;
  answer: (yes: boolean) => void;
}

/**
 * The desktop layout's confirmation: a native modal `<dialog>` (focus held inside, Escape
 * cancels, the focus returns where it was), rendered by the page that asks. `ask` suits the hooks'
 * `AskConfirm`; render `element` once in the page. A second question while one is open answers
 * the first with "no" (one question at a time, as antd-mobile's dialog does on the phone).
 */
export function useConfirmModal() {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback(
    (question: ModalQuestion) =>
      new Promise<boolean>((resolve) => {
        setPending((previous) => {
          previous?.answer(false);
          return { question, answer: resolve };
        });
      }),
    [],
  );
  const element = pending ? (
    <ConfirmModal
      question={pending.question}
      onAnswer={(yes) => {
        pending.answer(yes);
        setPending(null);
      }}
    />
  ) : null;
  return { ask, element };
}

function ConfirmModal({ question, onAnswer }: { question: ModalQuestion; onAnswer: (yes: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const yes = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // showModal focuses the first button (cancel); the answer the user came for is focused instead.
    yes.current?.focus();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="confirm-modal"
      aria-labelledby={question.title ? titleId : undefined}
      aria-label={question.title ? undefined : question.confirmText}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
    >
      {question.title ? (
        <h2 id={titleId} className="confirm-modal__title">
          {question.title}
        </h2>
      ) : null}
      <div id={textId} className="confirm-modal__content">
        {question.content}
      </div>
      <div className="confirm-modal__actions">
        <button type="button" className="button button--secondary" onClick={() => onAnswer(false)}>
          {question.cancelText}
        </button>
        <button ref={yes} type="button" className="button button--primary" onClick={() => onAnswer(true)}>
          {question.confirmText}
        </button>
      </div>
    </dialog>
  );
}
