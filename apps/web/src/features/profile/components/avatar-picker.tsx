import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCamera } from '../../../components/icons';
import { useAvatarUpload } from '../hooks/use-avatar-upload';
import { IMAGE_TYPES } from '../../../lib/forms/image-file';

/** "Change avatar": a file input behind a button-like label, and the hint on size and type (both layouts). */
export function AvatarPicker({ hintClassName }: { hintClassName: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const { choose, busy } = useAvatarUpload();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // Choosing the same file again must fire change again.
    if (file) void choose(file);
  };

  return (
    <>
      <input
        id={inputId}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="visually-hidden"
        onChange={onFile}
        disabled={busy}
        aria-describedby={hintId}
      />
      <label htmlFor={inputId} className={`button button--secondary button--small${busy ? ' is-disabled' : ''}`}>
        <IconCamera size={18} />
        {busy ? t('account.uploading') : t('account.changeAvatar')}
      </label>
      <p id={hintId} className={hintClassName}>
        {t('account.avatarHint')}
      </p>
    </>
  );
}
