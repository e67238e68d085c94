import { describe, expect, it } from 'vitest';
import { publicOrderId } from './order-id';

describe('publicOrderId', () => {
  it('reads a public id as the API shows it', () => {
    expect(publicOrderId('3b241101-e2bb-4255-8caf-4136c566a962')).toBe('3b241101-e2bb-4255-8caf-4136c566a962');
  });

  it('refuses anything else, old numeric ids too', () => {
    for (const text of [
      null,
      '',
      '0',
      '1',
      '42',
      '9007199254740991',
      'abc',
      '3B241101-E2BB-4255-8CAF-4136C566A962',
      '3b241101-e2bb-4255-8caf-4136c566a962x',
      '3b241101e2bb42558caf4136c566a962',
    ]) {
      expect(publicOrderId(text)).toBeNull();
    }
  });
});
