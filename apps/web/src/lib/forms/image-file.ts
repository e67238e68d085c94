import { IMAGE_MAX_BYTES, type ErrorKey } from '@app/contract';

/** The image types the server's upload accepts (it checks the content again): avatars, KYC photos. */
export const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

/** Why a chosen file cannot be uploaded as an image (a catalogue key), or null when it can. */
export function imageFileProblem(file: { type: string; size: number }): ErrorKey | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'IMAGE_INVALID';
  if (file.size > IMAGE_MAX_BYTES) return 'IMAGE_TOO_LARGE';
  return null;
}
