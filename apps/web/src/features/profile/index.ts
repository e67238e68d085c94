/** The profile feature's pages, composed by app/route-table.ts. */
export { ProfilePage } from './components/profile-page';
export { AccountSettingsPage } from './components/account-settings-page';
export { NicknamePage } from './components/nickname-page';
export { EmailPage } from './components/email-page';
export { LanguagePage } from './components/language-page';
