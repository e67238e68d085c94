import { API, type UploadResult } from '@app/contract';
import { apiUpload } from './api-client';

/** `common/upload` kind `private`: a document photo only its owner and the reviewers (KYC, loans) can read. */
export function uploadPrivatePhoto(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('kind', 'private');
  form.append('file', file, file.name);
  return apiUpload<UploadResult>(API.common.upload, form);
}
