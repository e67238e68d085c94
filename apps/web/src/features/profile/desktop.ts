/** What the desktop layout (app/desktop/) takes from the profile feature beyond its pages. */
export { useSignOut } from './hooks/use-sign-out';
