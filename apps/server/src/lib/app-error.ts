import type { ErrorKey } from '@app/contract';

/** A failure with a catalogue entry. Code paths throw these, never free text. */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params?: Record<string, string | number>,
  ) {
    super(key);
    this.name = 'AppError';
  }
}
