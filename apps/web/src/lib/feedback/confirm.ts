/**
 * A yes/no question to the user. Hooks take an `AskConfirm` from the component that renders
 * them, so the layout decides how the question looks; the app also installs a default
 * (app/feedback.ts) for shared code that asks without a component at hand.
 */
export interface ConfirmRequest {
  title?: string;
  content: string;
  confirmText: string;
  cancelText: string;
}

export type AskConfirm = (request: ConfirmRequest) => Promise<boolean>;

// Before the app installs a presenter nothing can be shown, so nothing is agreed to.
let presenter: AskConfirm = () => Promise.resolve(false);

export function setConfirmPresenter(ask: AskConfirm): void {
  presenter = ask;
}

/** Asks with the installed presenter. */
export const askConfirmDefault: AskConfirm = (request) => presenter(request);
