import { prepaint } from './app/prepaint';
import { preloadPage } from './app/route-table';
import { applyDisplay } from './lib/session/display';
import { hasStoredToken, storedDisplay } from './lib/session/storage';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

/**
 * The entry, small on purpose (none of the libraries): it applies the stored theme and paints the
 * shell without text (app/prepaint.ts), so the page shows its frame, top bar and tab bar in the
 * user's theme before the libraries arrive; it asks for the opened page's code, then runs the
 * libraries (app/libraries.ts) and, in a later task, the app (app/start.tsx; index.html already
 * preloads the files of both). The page's chunk then travels beside
 * the libraries instead of after them, and is there when the app first renders (issue 14).
 */
const loggedIn = hasStoredToken();
const display = storedDisplay();
applyDisplay(display.theme, display.typeUser);
const root = document.getElementById('root');
if (root) prepaint(root, window.location.pathname, loggedIn);
preloadPage(window.location.pathname, loggedIn);
// The libraries, a pause (the shell paints, input is handled), then the app: two tasks, not one.
import('./app/libraries')
  .then(() => new Promise((resolve) => window.setTimeout(resolve, 0)))
  .then(() => import('./app/start'))
  .catch((error: unknown) => console.error('The app could not be loaded', error));
