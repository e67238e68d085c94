import { useEffect, useRef, useState } from 'react';
import { LOAN_PHOTOS_MAX } from '@app/contract';
import { toastError } from '../../../lib/feedback/toast';
import { imageFileProblem } from '../../../lib/forms/image-file';
import { catalogMessage } from '../../../lib/i18n/catalog';
import { uploadPrivatePhoto } from '../../../lib/api/upload-private-photo';

export interface LoanPhoto {
  /** A local preview of the chosen file (an object URL, revoked when removed or left). */
  preview: string;
  /** The private upload's path once it is done. */
  path: string | null;
}

/**
 * The application's document photos (docs/product.md §5, at least LOAN_PHOTOS_MIN): each is uploaded as a
 * private file when chosen (as the KYC documents are), shown from the device meanwhile, and may be
 * removed; at most LOAN_PHOTOS_MAX.
 */
export function useLoanPhotos() {
  const [photos, setPhotos] = useState<LoanPhoto[]>([]);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const drop = (preview: string) => {
    setPhotos((prev) => prev.filter((p) => p.preview !== preview));
    URL.revokeObjectURL(preview);
    previews.current.delete(preview);
  };

  const upload = async (file: File) => {
    const preview = URL.createObjectURL(file);
    previews.current.add(preview);
    setPhotos((prev) => [...prev, { preview, path: null }]);
    try {
      const { path } = await uploadPrivatePhoto(file);
      setPhotos((prev) => prev.map((p) => (p.preview === preview ? { preview, path } : p)));
    } catch {
      // The API client said why; the photo is left out.
      drop(preview);
    }
  };

  /** Adds the chosen files, as many as still fit, each checked before it is sent. */
  const add = (files: readonly File[]) => {
    const room = LOAN_PHOTOS_MAX - photos.length;
    for (const file of files.slice(0, Math.max(0, room))) {
      const problem = imageFileProblem(file);
      if (problem) toastError(catalogMessage(problem));
      else void upload(file);
    }
  };

  const paths = photos.flatMap((p) => (p.path ? [p.path] : []));
  return {
    photos,
    add,
    remove: drop,
    paths,
    uploading: photos.some((p) => p.path === null),
    full: photos.length >= LOAN_PHOTOS_MAX,
  };
}
