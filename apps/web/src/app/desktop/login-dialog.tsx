import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../../components/page-state';
import { useSessionStore } from '../../lib/session/session-store';

/** The log-in form comes with the auth pages' chunk (and its phone-number library), when needed. */
const LoginPanel = lazy(() => import('../../features/auth/desktop').then((m) => ({ default: m.LoginPanel })));

/**
 * The session expired in the desktop layout: log in again here, on the page the user is on
 * (docs/product.md §8 exempts a window wider than 1000 px from the redirect to login). A modal dialog (focus
 * held inside, Escape closes). Logging in closes it and the page carries on; closing it leaves
 * the user a visitor (a page that needs a session then goes to the log-in page).
 */
export function LoginDialog() {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const dismiss = useSessionStore((s) => s.dismissExpiry);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog ref={dialog} className="login-dialog" aria-labelledby={titleId} onClose={dismiss}>
      <div className="login-dialog__head">
        <h2 id={titleId} className="login-dialog__title">
          {t('routes.login')}
        </h2>
        <button type="button" className="desktop-button desktop-button--ghost" onClick={() => dialog.current?.close()}>
          {t('common.cancel')}
        </button>
      </div>
      <p className="login-dialog__text">{t('auth.loginSubtitle')}</p>
      <Suspense fallback={<DelayedLoading timeoutMs={null} />}>
        <LoginPanel />
      </Suspense>
    </dialog>
  );
}
