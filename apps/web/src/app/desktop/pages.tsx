import type { ComponentType } from 'react';
import {
  EmailVerifyCodePage,
  LoginEmailPage,
  LoginPhonePage,
  PhoneVerifyCodePage,
  RegisterEmailPage,
  RegisterPhonePage,
  SelectCountryPage,
} from '../../features/auth';
import { LanguagePage } from '../../features/profile';

/**
 * The desktop pages built so far (app/route-table.ts names them): the account forms, as the
 * best exchange web apps show them, a card in the middle of the desktop frame. The forms and
 * their flows are the features' own (hooks shared with the mobile pages); links between them
 * name the mobile paths, which the desktop router opens as their desktop counterparts.
 */
function card(Page: ComponentType, wide = false) {
  function DesktopCardPage() {
    return (
      <div className={`desktop-card${wide ? ' desktop-card--wide' : ''}`}>
        <Page />
      </div>
    );
  }
  DesktopCardPage.displayName = `Desktop(${Page.displayName ?? Page.name})`;
  return DesktopCardPage;
}

export const DesktopLoginPhonePage = card(LoginPhonePage);
export const DesktopLoginEmailPage = card(LoginEmailPage);
export const DesktopSelectCountryPage = card(SelectCountryPage, true);
export const DesktopRegisterPhonePage = card(RegisterPhonePage);
export const DesktopRegisterEmailPage = card(RegisterEmailPage);
export const DesktopPhoneVerifyCodePage = card(PhoneVerifyCodePage);
export const DesktopEmailVerifyCodePage = card(EmailVerifyCodePage);
export const DesktopLanguagePage = card(LanguagePage);
