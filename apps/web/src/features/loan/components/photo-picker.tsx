import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LOAN_PHOTOS_MAX, LOAN_PHOTOS_MIN } from '@app/contract';
import { IMAGE_TYPES } from '../../../lib/forms/image-file';
import type { LoanPhoto } from '../hooks/use-loan-photos';
import { useLoanText } from '../strings';

interface PhotoPickerProps {
  photos: readonly LoanPhoto[];
  full: boolean;
  error: string | undefined;
  onAdd: (files: File[]) => void;
  onRemove: (preview: string) => void;
}

/** The document photos: a file input (several at once), each photo's tile with its state and "Remove". */
export function PhotoPicker({ photos, full, error, onAdd, onRemove }: PhotoPickerProps) {
  const { t } = useTranslation();
  const l = useLoanText();
  const id = useId();
  const ready = photos.filter((p) => p.path !== null).length;
  return (
    <fieldset
      className={`loan-photos${error ? ' loan-photos--invalid' : ''}`}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
    >
      <legend className="field__label">{l('photos')}</legend>
      <p className="field__hint" id={`${id}-hint`}>
        {l('photosHint', { min: LOAN_PHOTOS_MIN, max: LOAN_PHOTOS_MAX })}
      </p>
      {photos.length > 0 ? (
        <ul className="loan-photos__list">
          {photos.map((p, i) => (
            <li key={p.preview} className="loan-photo" data-testid="loan-photo" data-ready={p.path !== null}>
              <img className="loan-photo__preview" src={p.preview} alt={l('photoN', { n: i + 1 })} />
              <span className="loan-photo__status">{p.path === null ? t('account.uploading') : l('photoReady')}</span>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => onRemove(p.preview)}
                aria-label={l('removePhoto', { n: i + 1 })}
              >
                {l('remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="loan-photos__count" aria-live="polite">
        {l('photosReady', { count: ready, min: LOAN_PHOTOS_MIN })}
      </p>
      {!full ? (
        <>
          <input
            id={id}
            className="visually-hidden"
            type="file"
            multiple
            accept={IMAGE_TYPES.join(',')}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length > 0) onAdd(files);
            }}
          />
          <label className="button button--secondary loan-photos__add" htmlFor={id}>
            {l('addPhotos')}
          </label>
        </>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
