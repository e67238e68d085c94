import { Button } from 'antd-mobile';
import { confirmDialog } from './confirm-dialog';
import { useTranslation } from 'react-i18next';
import type { TypeUser } from '@app/contract';
import { useAccountSwitch } from '../lib/api/account-switch';
import { useDemoReset } from '../lib/api/demo-reset';
import { useSessionStore } from '../lib/session/session-store';
import { toastSuccess } from '../lib/feedback/toast';

const VERSIONS: readonly TypeUser[] = ['real', 'demo'];

/**
 * The real/demo version switch (spec §2 "Version switch", §4 "Account version"), shown on
 * Profile and Assets; in demo mode it also offers to reset the demo balance.
 */
export function VersionSwitch() {
  const { t } = useTranslation();
  const typeUser = useSessionStore((s) => s.typeUser);
  const switchTo = useAccountSwitch();
  const reset = useDemoReset();

  const onSwitch = (next: TypeUser) => {
    if (next === typeUser || switchTo.isPending) return;
    switchTo.mutate(next, {
      onSuccess: () => toastSuccess(next === 'demo' ? t('demo.switchedToDemo') : t('demo.switchedToReal')),
    });
  };

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
        <div className="version-switch__options" role="group" aria-labelledby="version-switch-label">
          {VERSIONS.map((v) => (
            <button
              key={v}
              type="button"
              className={`version-switch__option${v === typeUser ? ' is-active' : ''}`}
              aria-pressed={v === typeUser}
              disabled={switchTo.isPending}
              onClick={() => onSwitch(v)}
            >
              {v === 'demo' ? t('demo.demo') : t('demo.real')}
            </button>
          ))}
        </div>
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
