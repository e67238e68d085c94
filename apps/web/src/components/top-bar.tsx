import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconBack } from './icons';
import { layoutHomePath } from '../lib/routing/paths';

interface TopBarProps {
  title: string;
  /** Tab pages have no back button. */
  showBack: boolean;
  end?: ReactNode;
}

/** True when the router has an earlier entry of this app to go back to. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * The shared top bar (docs/product.md §2): back one page of the app if possible, otherwise the browser's
 * own history (the page before the app); home only when the tab has no history at all.
 */
export function TopBar({ title, showBack, end }: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    if (canGoBack()) navigate(-1);
    else if (window.history.length > 1) window.history.back();
    else navigate(layoutHomePath(), { replace: true });
  };
  return (
    <header className="top-bar">
      <div className="top-bar__side">
        {showBack ? (
          <button type="button" className="icon-button" onClick={goBack} aria-label={t('app.back')}>
            <IconBack />
          </button>
        ) : null}
      </div>
      <h1 className="top-bar__title">{title}</h1>
      <div className="top-bar__side top-bar__side--end">{end}</div>
    </header>
  );
}
