import { API } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { BANNER_LIST_PATH, bannerListUrl } from './banner-list-url';

describe('banner list URL', () => {
  it('is the contract path, with the position as the API client writes it', () => {
    expect(BANNER_LIST_PATH).toBe(API.banner.list);
    expect(bannerListUrl('home')).toBe('/asset/api/banner/list?position=home');
  });
});
