import {
  LANGUAGES,
  THEMES,
  normalizeDialCode,
  type Language,
  type Theme,
  type TypeUser,
  type UserInfo,
} from '@app/contract';
import type { UserRow } from './repository';

const oneOf = <T extends string>(values: readonly T[], v: string, fallback: T): T =>
  (values as readonly string[]).includes(v) ? (v as T) : fallback;

/** The national part of an E.164 number, given its calling code. */
function nationalNumber(phone: string, countryCode: string | null): string {
  const dial = countryCode ? normalizeDialCode(countryCode) : '';
  return dial && phone.startsWith(`+${dial}`) ? phone.slice(dial.length + 1) : phone;
}

/** The user as the API shows them, in the mode of the request that asks (its `typeUser` header: nothing about the mode is stored). */
export function toUserInfo(u: UserRow, mode: TypeUser): UserInfo {
  return {
    uid: u.uid,
    nickname: u.nickname,
    avatar: u.avatar,
    email: u.email,
    countryCode: u.countryCode,
    phone: u.phone ? nationalNumber(u.phone, u.countryCode) : null,
    invitationCode: u.invitationCode,
    manager: u.managerUid,
    typeUser: mode,
    language: oneOf<Language>(LANGUAGES, u.language, 'en'),
    theme: oneOf<Theme>(THEMES, u.theme, 'light'),
    hasFundPassword: u.fundPasswordHash !== null,
    createdAt: u.createdAt.getTime(),
  };
}
