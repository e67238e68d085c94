/** What the desktop layout (app/desktop/) takes from the auth feature beyond its pages. */
export { LoginPanel } from './components/login-form';
