import { Type, type Static } from 'typebox';
import { LANGUAGES, type Language } from '../lang';
import { NICKNAME_MAX_LENGTH, THEMES, TYPE_USERS } from '../constants';
import { CountryCode, Email, Envelope, EpochMs, OtpCode, Password, PhoneNumber, withError } from './common';

export const OTP_PURPOSES = [
  'register',
  'forgot_password',
  'bind_email',
  'forgot_fund_password',
  'withdraw_address',
] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
export const OtpPurposeSchema = Type.Enum(OTP_PURPOSES);

export const ACCOUNT_TYPES = ['email', 'phone'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
const AccountTypeSchema = Type.Enum(ACCOUNT_TYPES);

/** Who an account is: by e-mail, or by country calling code and phone number. */
const Identity = {
  type: AccountTypeSchema,
  email: Type.Optional(Email),
  countryCode: Type.Optional(CountryCode),
  phone: Type.Optional(PhoneNumber),
};

export const SendOtpBody = Type.Object({ email: Email, purpose: OtpPurposeSchema }, { additionalProperties: false });
export type SendOtpBody = Static<typeof SendOtpBody>;

export const SendSmsOtpBody = Type.Object(
  { countryCode: CountryCode, phone: PhoneNumber, purpose: OtpPurposeSchema },
  { additionalProperties: false },
);
export type SendSmsOtpBody = Static<typeof SendSmsOtpBody>;

export const SendOtpResult = Type.Object({
  resendAfterSeconds: Type.Integer(),
  expiresInSeconds: Type.Integer(),
});
export type SendOtpResult = Static<typeof SendOtpResult>;
export const SendOtpResponse = Envelope(SendOtpResult);

export const RegisterBody = Type.Object(
  {
    ...Identity,
    password: Password,
    confirmPassword: Type.String({ maxLength: 128, ...withError('PASSWORDS_MISMATCH') }),
    code: OtpCode,
    invitationCode: Type.Optional(Type.String({ maxLength: 16, ...withError('INVITATION_CODE_INVALID') })),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = Type.Object(
  { ...Identity, password: Type.String({ minLength: 1, maxLength: 128, ...withError('FIELD_REQUIRED') }) },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const ForgotPasswordBody = Type.Object(
  {
    ...Identity,
    code: OtpCode,
    password: Password,
    confirmPassword: Type.String({ maxLength: 128, ...withError('PASSWORDS_MISMATCH') }),
  },
  { additionalProperties: false },
);
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const UserInfo = Type.Object({
  uid: Type.String(),
  nickname: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  countryCode: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  invitationCode: Type.String(),
  /** UID of the account's manager: the user whose invitation code it registered with; null without one (docs/product.md §3, §6). */
  manager: Type.Union([Type.String(), Type.Null()]),
  typeUser: Type.Enum(TYPE_USERS),
  language: Type.Enum(LANGUAGES),
  theme: Type.Enum(THEMES),
  hasFundPassword: Type.Boolean(),
  createdAt: EpochMs,
});
export type UserInfo = Static<typeof UserInfo>;
export const UserInfoResponse = Envelope(UserInfo);

export const LoginResult = Type.Object({ token: Type.String(), user: UserInfo });
export type LoginResult = Static<typeof LoginResult>;
export const LoginResponse = Envelope(LoginResult);

export const UpdateUserBody = Type.Object(
  {
    nickname: Type.Optional(
      Type.String({ minLength: 1, maxLength: NICKNAME_MAX_LENGTH, ...withError('FIELD_REQUIRED') }),
    ),
    avatar: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 300, pattern: '^/uploads/avatars/[A-Za-z0-9_-]+\\.(png|jpg|webp)$' }),
        Type.Null(),
      ]),
    ),
    language: Type.Optional(Type.Enum(LANGUAGES)),
    theme: Type.Optional(Type.Enum(THEMES)),
  },
  { additionalProperties: false },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const BindEmailBody = Type.Object({ email: Email, code: OtpCode }, { additionalProperties: false });
export type BindEmailBody = Static<typeof BindEmailBody>;

export const ChangePasswordBody = Type.Object(
  {
    oldPassword: Type.String({ minLength: 1, maxLength: 128, ...withError('FIELD_REQUIRED') }),
    password: Password,
    confirmPassword: Type.String({ maxLength: 128, ...withError('PASSWORDS_MISMATCH') }),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const SetFundPasswordBody = Type.Object(
  {
    fundPassword: Password,
    confirmFundPassword: Type.String({ maxLength: 128, ...withError('PASSWORDS_MISMATCH') }),
  },
  { additionalProperties: false },
);
export type SetFundPasswordBody = Static<typeof SetFundPasswordBody>;

export const ChangeFundPasswordBody = Type.Object(
  {
    oldFundPassword: Type.String({ minLength: 1, maxLength: 128, ...withError('FIELD_REQUIRED') }),
    fundPassword: Password,
    confirmFundPassword: Type.String({ maxLength: 128, ...withError('PASSWORDS_MISMATCH') }),
  },
  { additionalProperties: false },
);
export type ChangeFundPasswordBody = Static<typeof ChangeFundPasswordBody>;

/** The code goes to the account's own e-mail or phone (sendOtp / SendSmsOtp, purpose forgot_fund_password). */
export const ForgotFundPasswordBody = Type.Object(
  {
    channel: AccountTypeSchema,
    code: OtpCode,
    fundPassword: Password,
    confirmFundPassword: Type.String({ maxLength: 128, ...withError('PASSWORDS_MISMATCH') }),
  },
  { additionalProperties: false },
);
export type ForgotFundPasswordBody = Static<typeof ForgotFundPasswordBody>;

/**
 * The signed-in reset of the login password (added by this project, /pages/profile/reset-password): a
 * forgot_password code sent to the account's own e-mail or phone (sendOtp / SendSmsOtp) instead of the
 * current password.
 */
export const ResetPasswordBody = Type.Object(
  {
    channel: AccountTypeSchema,
    code: OtpCode,
    password: Password,
    confirmPassword: Type.String({ maxLength: 128, ...withError('PASSWORDS_MISMATCH') }),
  },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export type { Language };
