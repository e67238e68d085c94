import { firstViewPage, prepaint } from './app/prepaint';
import { preloadPage } from './app/route-table';
import { bannerListUrl } from './features/home/api/banner-list-url';
import { sendEarly } from './lib/api/early';
import { nextPaint, nextTask } from './lib/browser/after-paint';
import { applyDisplay } from './lib/session/display';
import { storedDisplay, storedGreeting, storedToken } from './lib/session/storage';
import { loadMessages } from './locales/load';
import type { Banner } from '@app/contract';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

/**
 * How long the entry holds the app's code for the page's first view at most (its files download
 * meanwhile): on a slow link the strings and the banner arrive well before the libraries, so
 * this only bounds a slow answer.
 */
const FIRST_VIEW_WAIT_MS = 600;

/**
 * The entry, small on purpose (none of the libraries): it starts the browser's formatting, applies
 * the stored theme and paints the shell without text (app/prepaint.ts), so the page shows its
 * frame, top bar and tab bar in the user's theme before the libraries arrive. Once that is painted
 * it asks for the stored language's strings, and on the home, quote, trade chart and login pages
 * paints the page's first view, its largest element included, in them (app/first-view.ts, loaded
 * beside them and, on home, the banner list; app/first-view-trade.ts), and only then runs the
 * page's code and the libraries (at most FIRST_VIEW_WAIT_MS after the start): that paint does not
 * wait for their start-up. It asks for the opened page's code, then runs React
 * (app/libraries-react.ts), the other libraries (app/libraries.ts) and the app (app/start.tsx),
 * a task apart each (index.html already preloads their files). The page's chunk then travels
 * beside the libraries instead of after them, and is there when the app first renders (issues 14, 34).
 */
const startedAt = performance.now();
const token = storedToken();
const loggedIn = token !== null;
const display = storedDisplay();
applyDisplay(display.theme, display.typeUser);
const root = document.getElementById('root');
const path = window.location.pathname;
const painted = root ? prepaint(root, path, loggedIn) : null;
// The browser's number and date formatting (ICU) starts once per page, 20–40 ms on a desktop CPU
// and several times that on a phone, in whatever first formats a number: it was the largest part
// of the trade chart's first render, a task the visitor could not interact through (issue 34).
// Started here, before the shell is on screen, where nothing can be used yet.
new Intl.NumberFormat().format(0);
const page = firstViewPage(path, painted?.shell ?? null);

/**
 * Once the shell is painted (what it waits for is then not counted against its paint): the stored
 * language's strings, which the app uses too, and on the home, quote, trade chart and login pages
 * the first view (the trade chart's in the trade strings, which its page uses).
 */
async function firstView(): Promise<unknown> {
  await nextPaint();
  const { language, nickname } = storedGreeting();
  const messages = loadMessages(language);
  // The app loads them again, and reports a failure; the trade chart's view does not use them.
  if (!painted || !page || page === 'trade') messages.catch(() => undefined);
  if (!painted || !page) return undefined;
  const banners =
    page === 'home'
      ? sendEarly<Pick<Banner, 'image' | 'title'>[]>(bannerListUrl('home'), {
          token,
          typeUser: display.typeUser,
          language,
        })
      : null;
  const markup =
    page === 'trade'
      ? import('./app/first-view-trade').then((view) =>
          view.tradeFirstViewMarkup(language, window.location.search, loggedIn),
        )
      : Promise.all([import('./app/first-view'), messages]).then(([view, m]) =>
          view.firstViewMarkup(page, m, { loggedIn, nickname }),
        );
  const view = import('./app/first-view').then((m) => m.paintFirstView(painted.element, markup, banners));
  const wait = new Promise((resolve) =>
    window.setTimeout(resolve, Math.max(0, startedAt + FIRST_VIEW_WAIT_MS - performance.now())),
  );
  return Promise.race([view.catch(() => undefined), wait]);
}

// React, the other libraries, then the app, each after a pause: three tasks, not one.
firstView()
  .then(() => {
    preloadPage(path, loggedIn);
    return import('./app/libraries-react');
  })
  .then(nextTask)
  .then(() => import('./app/libraries'))
  .then(nextTask)
  .then(() => import('./app/start'))
  .catch((error: unknown) => console.error('The app could not be loaded', error));
