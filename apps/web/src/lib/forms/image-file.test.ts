import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@app/contract';
import { imageFileProblem } from './image-file';

describe('imageFileProblem', () => {
  it('accepts JPEG, PNG and WebP up to the size limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(imageFileProblem({ type, size: IMAGE_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses other types and larger files', () => {
    expect(imageFileProblem({ type: 'image/gif', size: 10 })).toBe('IMAGE_INVALID');
    expect(imageFileProblem({ type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe('IMAGE_TOO_LARGE');
  });
});
