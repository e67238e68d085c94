import { create } from 'zustand';
import type { AccountType } from '@app/contract';
import { sendOtp } from '../../../lib/api/send-otp';
import { sendSmsOtp } from '../../../lib/api/send-sms-otp';
import { otpCountdownKey } from '../../../lib/forms/otp-countdown';

/**
 * What the register page collected, handed to its verify-code page. In memory only (it
 * holds the password) and cleared once the account is created.
 */
export interface RegisterDraft {
  type: AccountType;
  email?: string;
  countryCode?: string;
  phone?: string;
  password: string;
  confirmPassword: string;
  invitationCode?: string;
}

interface RegisterDraftState {
  drafts: Partial<Record<AccountType, RegisterDraft>>;
  save: (draft: RegisterDraft) => void;
  clear: (type: AccountType) => void;
}

export const useRegisterDraft = create<RegisterDraftState>()((set) => ({
  drafts: {},
  save: (draft) => set((s) => ({ drafts: { ...s.drafts, [draft.type]: draft } })),
  clear: (type) =>
    set((s) => {
      const drafts = { ...s.drafts };
      delete drafts[type];
      return { drafts };
    }),
}));

/** The countdown key of a registration code for this draft's destination. */
export function registerCountdownKey(draft: Pick<RegisterDraft, 'type' | 'email' | 'countryCode' | 'phone'>): string {
  return otpCountdownKey(draft.type === 'email' ? (draft.email ?? '') : `+${draft.countryCode}${draft.phone}`);
}

/** Sends the registration code to the draft's e-mail or phone. */
export function sendRegisterCode(draft: Pick<RegisterDraft, 'type' | 'email' | 'countryCode' | 'phone'>) {
  return draft.type === 'email'
    ? sendOtp({ email: draft.email ?? '', purpose: 'register' })
    : sendSmsOtp({ countryCode: draft.countryCode ?? '', phone: draft.phone ?? '', purpose: 'register' });
}
