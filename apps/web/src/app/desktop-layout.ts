/**
 * The desktop layout's routes and shell (app/desktop/): their own chunk, which a phone never loads.
 * start.tsx asks for it beside the language strings when the app launches in the desktop layout.
 */
export const loadDesktopLayout = () => import('./desktop/desktop-routes');
