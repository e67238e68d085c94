import type { ReactNode } from 'react';
import { Alert, Form, Modal } from 'antd';

/** What a field's control gets from its Field: its id (the label's target) and its state for assistive technology. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A form field: antd's Form.Item with its label, a hint, and once the form was sent what is wrong
 * with it. The checks are the *-forms.ts modules' (each mirrors the contract's rules and is unit
 * tested); the control is the caller's, given its id and aria state.
 */
export function Field({
  id,
  label,
  problem,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  problem?: string | undefined;
  hint?: string | undefined;
  className?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const problemId = `${id}-problem`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', problem ? problemId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      className={className}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? <span id={problemId}>{problem}</span> : undefined}
      extra={hint ? <span id={hintId}>{hint}</span> : undefined}
    >
      {children({ id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': describedBy })}
    </Form.Item>
  );
}

/** The outcome of an action: a success said politely, a refusal as an alert. */
export type Outcome = { ok: boolean; text: string } | null;

export function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  return (
    <>
      <div aria-live="polite">
        {outcome?.ok && <Alert className="spaced" type="success" role="status" title={outcome.text} />}
      </div>
      {outcome && !outcome.ok && <Alert className="spaced" type="error" role="alert" title={outcome.text} />}
    </>
  );
}

/** A request's error, or a form's, in the server's words. */
export function ErrorAlert({ text }: { text: string | null | undefined }) {
  return text ? <Alert className="spaced" type="error" role="alert" title={text} /> : null;
}

/** The first field with a problem gets the focus, so the operator lands on what to fix. */
export function focusFirst(
  form: HTMLFormElement | null,
  problems: Record<string, string | undefined>,
  order: readonly string[],
  idOf: (key: string) => string = (k) => k,
): void {
  const first = order.find((k) => problems[k]);
  if (first) form?.querySelector<HTMLElement>(`#${CSS.escape(idOf(first))}`)?.focus();
}

/**
 * A form in antd's Modal (a fee's change, a product, a post): the form carries the title as its name,
 * its own buttons (Cancel among them) close it, and it is made afresh each time it opens.
 */
export function FormModal({
  title,
  open,
  onClose,
  width = 880,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      footer={null}
      width={width}
      destroyOnHidden
      maskClosable={false}
    >
      {children}
    </Modal>
  );
}
