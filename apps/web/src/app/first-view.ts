import type { Banner } from '@app/contract';
import type { Messages } from '../locales/en';

/**
 * The first view of the home, quote and login pages, painted by the entry into the pre-painted shell
 * (app/prepaint.ts) before the libraries run (issue 14; the trade chart's is app/first-view-trade.ts,
 * painted by paintFirstView here too): what the page's first render then
 * shows at the top of the screen, in the same markup and classes (prepaint.test.ts renders the
 * page's components and compares), so nothing moves when the app replaces it. Home: the greeting,
 * the visitor prompt and the first banner (its list asked for by the entry, lib/api/early.ts;
 * the page's query takes that answer); quote: the search box; login (by phone or e-mail): its
 * title and subtitle (features/auth/components/auth-header.tsx). Its strings are the stored
 * language's (that language's chunk, which the app then uses too). A chunk of its own, which the
 * entry loads on these pages only, beside the strings. Like the shell it is hidden
 * from assistive technology and holds no control (links without a target): nothing in it can be
 * used before the app runs, which replaces it on its first render.
 *
 * The page's largest element is then on screen once the strings (and on home the banner) have
 * arrived, not after the libraries, the app and the page's code have loaded and rendered.
 */

import type { FirstViewPage } from './prepaint';

/**
 * components/icons.tsx's IconSearch at size 20 with the search box's class, as React writes it
 * (prepaint.test.ts compares). Written out: an import from the entry's modules would make the
 * bundler split them into chunks of their own, each one more request before the first paint.
 */
const SEARCH_ICON =
  '<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false" class="search-box__icon"><circle cx="11" cy="11" r="7"></circle><path d="M20 20l-4-4"></path></svg>';

/** Text for element content or a double-quoted attribute (app/first-view-trade.ts's too). */
export const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** Who the home page greets (features/home/hooks/use-home.ts): the stored user's nickname, or null. */
export interface Visitor {
  loggedIn: boolean;
  nickname: string | null;
}

/** The first view's markup (the inside of .app-main), with the banner's box still empty. */
export function firstViewMarkup(page: Exclude<FirstViewPage, 'trade'>, m: Messages, visitor: Visitor): string {
  if (page === 'login') {
    return `<div class="auth"><div class="auth-header"><h2 class="auth-header__title">${esc(m.auth.loginTitle)}</h2><p class="auth-header__subtitle">${esc(m.auth.loginSubtitle)}</p></div></div>`;
  }
  if (page === 'quote') {
    return `<div class="quote"><a class="search-box search-box--link">${SEARCH_ICON}<span>${esc(m.market.searchPlaceholder)}</span></a></div>`;
  }
  const greeting = visitor.nickname !== null ? m.home.greeting.replace('{{name}}', visitor.nickname) : m.home.welcome;
  const hero = `<section class="hero"><h2 class="hero__title">${esc(greeting)}</h2><p class="hero__text">${esc(m.home.tagline)}</p></section>`;
  const prompt = visitor.loggedIn
    ? ''
    : `<section class="prompt-card"><h2 class="prompt-card__title">${esc(m.home.visitorTitle)}</h2><p class="prompt-card__text">${esc(m.home.visitorText)}</p>` +
      `<div class="prompt-card__actions"><a class="button button--primary">${esc(m.auth.logIn)}</a><a class="button button--secondary">${esc(m.auth.registerNow)}</a></div></section>`;
  return `<div class="home">${hero}${prompt}<div class="banners banners--pending"></div></div>`;
}

/** The first banner as the page shows it (features/home/components/banner-link.tsx). */
export function bannerMarkup(banner: Pick<Banner, 'image' | 'title'>): string {
  return (
    `<section class="banners"><a class="banner"><img class="banner__image" src="${esc(banner.image)}" alt="" width="800" height="400" fetchpriority="high">` +
    `<span class="banner__title">${esc(banner.title)}</span></a></section>`
  );
}

/**
 * Resolves once the browser has shown the next frame: the frame after it has begun (a task after
 * that frame's callback only knows the frame was drawn, not that it is on screen yet). What the
 * entry asks for next (the page's code) then does not compete with the view it painted.
 * (lib/browser/after-paint.ts's nextPaint is one frame; written out for the reason above. A
 * hidden tab paints none: the entry's wait bounds that.)
 */
const painted = () =>
  new Promise<void>((resolve) => window.requestAnimationFrame(() => window.requestAnimationFrame(() => resolve())));

/** Resolves once `img` has loaded (or failed) and been painted. */
const imagePainted = (img: HTMLImageElement) =>
  (img.complete
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => resolve(), { once: true });
      })
  ).then(painted);

/**
 * Paints a page's first view (`markup`, the inside of .app-main) into the shell element `shell`
 * once it is ready (unless the app has replaced the shell by then), and on home the first banner
 * once the banner list has arrived. Resolves once it is painted (the banner's image loaded) or
 * could not be.
 */
export async function paintFirstView(
  shell: HTMLElement,
  markup: Promise<string>,
  banners: Promise<Pick<Banner, 'image' | 'title'>[]> | null,
): Promise<void> {
  const main = shell.querySelector<HTMLElement>('.app-main');
  const mounted = () => shell.isConnected;
  const html = await markup;
  if (!main || !mounted()) return;
  main.innerHTML = html;
  await painted();
  if (!banners) return;
  const list = await banners;
  const box = main.querySelector('.banners--pending');
  if (!mounted() || !box) return;
  const first = list[0];
  if (!first) {
    box.remove(); // The page shows no banner box either.
    return;
  }
  box.outerHTML = bannerMarkup(first);
  const img = main.querySelector<HTMLImageElement>('.banner__image');
  if (img) await imagePainted(img);
}
