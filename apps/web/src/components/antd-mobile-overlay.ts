import { Dialog, unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';
import { nextTask } from '../lib/browser/after-paint';

/**
 * antd-mobile's imperative dialogs (`Dialog.confirm`, ...), loaded on demand by
 * components/confirm-dialog.ts, the one way the app asks a question: nothing else imports Dialog,
 * from here or from 'antd-mobile' (a test checks it; toasts are app/toast.ts's, through
 * lib/feedback/toast, never the kit's Toast).
 *
 * antd-mobile 5 renders them with ReactDOM.render, which React 19 removed; without a renderer of
 * our own they show nothing. Loading this module installs a createRoot-based one, so the first
 * question brings both along, and no page carries them before it asks (issue 14).
 */
type Container = (Element | DocumentFragment) & { __admRoot?: Root };

unstableSetRender((node, container: Container) => {
  container.__admRoot ??= createRoot(container);
  const root = container.__admRoot;
  root.render(node);
  return async () => {
    // Let the closing animation's last frame commit before unmounting.
    await nextTask();
    root.unmount();
    delete container.__admRoot;
  };
});

export { Dialog };
