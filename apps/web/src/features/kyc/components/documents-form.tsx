import type { FormEvent } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycInfo } from '@app/contract';
import { SubmitButton } from '../../../components/submit-button';
import { IMAGE_TYPES } from '../../../lib/forms/image-file';
import { PHOTO_SLOTS, useDocumentsForm, type PhotoSlot } from '../hooks/use-documents-form';
import { useKycText } from '../strings';

/** Stage 2: the document's front and back and a selfie holding it, each uploaded when chosen. */
export function DocumentsForm({ onSubmitted }: { onSubmitted: (info: KycInfo) => void }) {
  const k = useKycText();
  const form = useDocumentsForm(onSubmitted);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <form ref={form.formRef} className="form kyc-form" noValidate onSubmit={onSubmit}>
      <p className="kyc-form__note">{k('photoHint')}</p>
      <div className="kyc-photos">
        {PHOTO_SLOTS.map((slot) => (
          <PhotoField
            key={slot}
            slot={slot}
            photo={form.photos[slot]}
            error={form.errors[slot]}
            onChoose={(file) => void form.choose(slot, file)}
          />
        ))}
      </div>
      <SubmitButton loading={form.pending} disabled={form.uploading}>
        {k('submitDocuments')}
      </SubmitButton>
    </form>
  );
}

interface PhotoFieldProps {
  slot: PhotoSlot;
  photo: { path: string | null; preview: string; uploading: boolean } | undefined;
  error: string | undefined;
  onChoose: (file: File) => void;
}

/** One photo: a file input shown as a tile with the chosen picture, its state, and its error. */
function PhotoField({ slot, photo, error, onChoose }: PhotoFieldProps) {
  const { t } = useTranslation();
  const k = useKycText();
  const id = useId();
  const label = k(`photos.${slot}`);
  const status = photo ? (photo.uploading ? t('account.uploading') : k('photoReady')) : null;
  return (
    <div className={`kyc-photo${error ? ' kyc-photo--invalid' : ''}`} data-slot={slot}>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={IMAGE_TYPES.join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : status ? `${id}-status` : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onChoose(file);
        }}
      />
      {/* After its input: the focus ring of a hidden file input shows on the label that follows it. */}
      <label className="kyc-photo__tile" htmlFor={id}>
        {photo ? (
          <img className="kyc-photo__preview" src={photo.preview} alt="" />
        ) : (
          <span className="kyc-photo__plus" aria-hidden="true">
            +
          </span>
        )}
        <span className="kyc-photo__label">{label}</span>
        <span className="kyc-photo__action">{photo ? k('changePhoto') : k('choosePhoto')}</span>
      </label>
      {status ? (
        <p className="kyc-photo__status" id={`${id}-status`} aria-live="polite">
          {status}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
