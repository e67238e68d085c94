import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/browser/clipboard';
import { toastError, toastSuccess } from '../lib/feedback/toast';
import { IconCopy } from './icons';

/** Copies `text`; its accessible name says what it copies ("Copy UID"). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="icon-button icon-button--small"
      aria-label={t('common.copyLabel', { label })}
      onClick={async () => {
        if (await copyText(text)) toastSuccess(t('common.copied'));
        else toastError(text);
      }}
    >
      <IconCopy size={18} />
    </button>
  );
}
