import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { KycInfo } from '@app/contract';
import { toastError, toastSuccess } from '../../../lib/feedback/toast';
import { imageFileProblem } from '../../../lib/forms/image-file';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { catalogMessage } from '../../../lib/i18n/catalog';
import { useKycInfoUpdate } from '../../../lib/api/kyc-info';
import { uploadPrivatePhoto } from '../../../lib/api/upload-private-photo';
import { submitDocuments } from '../api/kyc';
import { useKycText } from '../strings';

export const PHOTO_SLOTS = ['front', 'back', 'selfie'] as const;
export type PhotoSlot = (typeof PHOTO_SLOTS)[number];

interface Photo {
  /** The uploaded file's private path, once the upload is done. */
  path: string | null;
  /** A local preview of the chosen file (an object URL, revoked when replaced or left). */
  preview: string;
  uploading: boolean;
}

/**
 * Stage 2, the documents (docs/product.md §3 "front and back images", §9 "at least 3 photos"): each photo is
 * uploaded as a private file when chosen, shown from the device meanwhile, and the three paths are
 * submitted for review; the verification as it then is goes to `onSubmitted`.
 */
export function useDocumentsForm(onSubmitted: (info: KycInfo) => void) {
  const k = useKycText();
  const [photos, setPhotos] = useState<Partial<Record<PhotoSlot, Photo>>>({});
  const { errors, formRef, report, clear } = useFormErrors<PhotoSlot>();
  const store = useKycInfoUpdate();
  const send = useMutation({ mutationFn: submitDocuments });
  // The previews to revoke when the form goes away.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const set = (slot: PhotoSlot, photo: Photo | undefined) =>
    setPhotos((prev) => {
      const old = prev[slot];
      if (old && old.preview !== photo?.preview) {
        URL.revokeObjectURL(old.preview);
        previews.current.delete(old.preview);
      }
      return { ...prev, [slot]: photo };
    });

  const choose = async (slot: PhotoSlot, file: File) => {
    const problem = imageFileProblem(file);
    if (problem) {
      toastError(catalogMessage(problem));
      return;
    }
    clear(slot);
    const preview = URL.createObjectURL(file);
    previews.current.add(preview);
    set(slot, { path: null, preview, uploading: true });
    try {
      const { path } = await uploadPrivatePhoto(file);
      setPhotos((prev) =>
        prev[slot]?.preview === preview ? { ...prev, [slot]: { path, preview, uploading: false } } : prev,
      );
    } catch {
      // The API client said why; the slot is empty again.
      setPhotos((prev) => (prev[slot]?.preview === preview ? { ...prev, [slot]: undefined } : prev));
      URL.revokeObjectURL(preview);
      previews.current.delete(preview);
    }
  };

  const uploading = PHOTO_SLOTS.some((s) => photos[s]?.uploading);

  const submit = () => {
    if (uploading) return;
    const missing = Object.fromEntries(PHOTO_SLOTS.filter((s) => !photos[s]?.path).map((s) => [s, k('photoMissing')]));
    if (report(missing)) return;
    send.mutate(
      { frontImage: photos.front!.path!, backImage: photos.back!.path!, selfieImage: photos.selfie!.path! },
      {
        onSuccess: (next) => {
          store(next);
          toastSuccess(k('submitted'));
          onSubmitted(next);
        },
      },
    );
  };

  return { photos, choose, errors, formRef, submit, uploading, pending: send.isPending };
}
