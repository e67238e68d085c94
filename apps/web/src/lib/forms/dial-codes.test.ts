import { listCountryDialCodes } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { dialCodeList } from './dial-codes';

describe('calling codes without the phone metadata', () => {
  it('are exactly those of libphonenumber', () => {
    expect(dialCodeList()).toEqual(listCountryDialCodes());
  });
});
