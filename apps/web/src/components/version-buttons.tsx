import { useTranslation } from 'react-i18next';
import type { TypeUser } from '@app/contract';
import { useAccountSwitch } from '../lib/api/account-switch';
import { toastSuccess } from '../lib/feedback/toast';
import { useSessionStore } from '../lib/session/session-store';

const VERSIONS: readonly TypeUser[] = ['real', 'demo'];

interface VersionButtonsProps {
  /** The group's class and each button's (the active one gets `is-active` too). */
  className: string;
  buttonClassName: string;
  /** The group's name: its own label (`aria-label`) or the id of a visible one. */
  label: { text: string } | { by: string };
}

/** Real and demo as two pressed/unpressed buttons; choosing one switches the account (docs/product.md §2 "Version switch"). */
export function VersionButtons({ className, buttonClassName, label }: VersionButtonsProps) {
  const { t } = useTranslation();
  const typeUser = useSessionStore((s) => s.typeUser);
  const switchTo = useAccountSwitch();
  const onSwitch = (next: TypeUser) => {
    if (next === typeUser || switchTo.isPending) return;
    switchTo.mutate(next, {
      onSuccess: () => toastSuccess(next === 'demo' ? t('demo.switchedToDemo') : t('demo.switchedToReal')),
    });
  };
  return (
    <div
      className={className}
      role="group"
      {...('text' in label ? { 'aria-label': label.text } : { 'aria-labelledby': label.by })}
    >
      {VERSIONS.map((v) => (
        <button
          key={v}
          type="button"
          className={`${buttonClassName}${v === typeUser ? ' is-active' : ''}`}
          aria-pressed={v === typeUser}
          disabled={switchTo.isPending}
          onClick={() => onSwitch(v)}
        >
          {v === 'demo' ? t('demo.demo') : t('demo.real')}
        </button>
      ))}
    </div>
  );
}
