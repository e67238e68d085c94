import { preloadPage } from './app/route-table';
import { hasStoredToken } from './lib/session/storage';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

/**
 * The entry, small on purpose (none of the libraries): it asks for the opened page's code first,
 * then for the app (app/start.tsx, whose files index.html already preloads). The page's chunk
 * then travels beside the libraries instead of after them, and is there when the app first
 * renders (issue 14).
 */
preloadPage(window.location.pathname, hasStoredToken());
import('./app/start').catch((error: unknown) => console.error('The app could not be loaded', error));
