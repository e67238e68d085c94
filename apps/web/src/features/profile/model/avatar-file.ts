import { IMAGE_MAX_BYTES, type ErrorKey } from '@app/contract';

/** The image types the server accepts (it checks the content again). */
export const AVATAR_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

/** Why a chosen file cannot be an avatar (a catalogue key), or null when it can be uploaded. */
export function avatarFileProblem(file: { type: string; size: number }): ErrorKey | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'IMAGE_INVALID';
  if (file.size > IMAGE_MAX_BYTES) return 'IMAGE_TOO_LARGE';
  return null;
}
