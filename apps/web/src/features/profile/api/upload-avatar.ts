import { useMutation } from '@tanstack/react-query';
import { API, type UploadResult } from '@app/contract';
import { apiUpload } from '../../../lib/api/api-client';

/** Uploads an avatar image (multipart: kind=avatar, file) and returns its public path. */
export function uploadAvatar(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('kind', 'avatar');
  form.append('file', file, file.name);
  return apiUpload<UploadResult>(API.common.upload, form);
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
}
