import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { askConfirmDefault } from '../../../lib/feedback/confirm';
import { clearCaches } from '../../../lib/session/clear-cache';
import { useAppVersionText } from '../strings';

/** "Clear cache" (docs/product.md §2 profile): asks first, keeps the session, then says how much it removed. */
export function ClearCacheSection() {
  const { t } = useTranslation();
  const a = useAppVersionText();
  const client = useQueryClient();
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const clear = async () => {
    const confirmed = await askConfirmDefault({
      content: t('profile.clearCacheConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      setResult(t('profile.cacheCleared', { ...(await clearCaches(client)) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="app-version-card" aria-labelledby="clear-cache-title">
      <h2 id="clear-cache-title" className="app-version-card__title">
        {a('cache.title')}
      </h2>
      <p>{a('cache.text')}</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        onClick={() => void clear()}
        data-testid="clear-cache"
      >
        {a('cache.button')}
      </button>
      <p role="status" aria-live="polite" className="app-version-card__result" data-testid="clear-cache-result">
        {result ?? ''}
      </p>
    </section>
  );
}
