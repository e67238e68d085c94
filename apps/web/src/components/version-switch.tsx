import { Button } from 'antd-mobile';
import { confirmDialog } from './confirm-dialog';
import { useTranslation } from 'react-i18next';
import { useDemoReset } from '../lib/api/demo-reset';
import { useSessionStore } from '../lib/session/session-store';
import { toastSuccess } from '../lib/feedback/toast';
import { VersionButtons } from './version-buttons';

/**
 * The real/demo version switch (docs/product.md §2 "Version switch", §4 "Account version"), shown on
 * Profile and Assets; in demo mode it also offers to reset the demo balance.
 */
export function VersionSwitch() {
  const { t } = useTranslation();
  const typeUser = useSessionStore((s) => s.typeUser);
  const reset = useDemoReset();

  const onReset = async () => {
    const confirmed = await confirmDialog({
      content: t('demo.resetConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    reset.mutate(undefined, { onSuccess: () => toastSuccess(t('demo.resetDone')) });
  };

  return (
    <section className="version-switch" aria-label={t('demo.version')}>
      <div className="version-switch__row">
        <span className="version-switch__label" id="version-switch-label">
          {t('demo.version')}
        </span>
        <VersionButtons
          className="version-switch__options"
          buttonClassName="version-switch__option"
          label={{ by: 'version-switch-label' }}
        />
      </div>
      {typeUser === 'demo' ? (
        <div className="version-switch__row">
          <p className="version-switch__note">{t('demo.note')}</p>
          <Button size="small" shape="rounded" onClick={onReset} loading={reset.isPending}>
            {t('demo.reset')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
