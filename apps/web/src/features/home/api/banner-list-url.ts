import { apiUrl } from '../../../lib/api/early';

/**
 * GET banner/list's path (the contract's API.banner.list, which banner-list-url.test.ts checks):
 * written out because the entry asks for the home page's banners early (app/first-view.ts), and
 * the contract's path table would add all of its paths to the entry.
 */
export const BANNER_LIST_PATH = '/asset/api/banner/list';

/** GET banner/list's URL for a position. */
export function bannerListUrl(position: 'home' | 'quote'): string {
  return apiUrl(BANNER_LIST_PATH, { position });
}
