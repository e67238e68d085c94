import { describe, expect, it } from 'vitest';
import { MARKETS } from '@app/contract';
import { parseQuoteGroup, QUOTE_GROUPS } from './quote-group';

describe('the quote groups', () => {
  it('are the favourites, then every market in the catalogue order', () => {
    expect(QUOTE_GROUPS).toEqual(['favorites', ...MARKETS]);
  });

  it('are read back only when a text names one', () => {
    expect(parseQuoteGroup('FOREX')).toBe('FOREX');
    expect(parseQuoteGroup('forex')).toBeNull();
    expect(parseQuoteGroup(null)).toBeNull();
  });
});
