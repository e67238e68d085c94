import type { HeaderLang } from '@app/contract';

/** The text of a one-time code message, in the requester's language. */
const TEXT: Record<HeaderLang, { subject: string; body: (code: string, minutes: number) => string }> = {
  en: {
    subject: 'Your verification code',
    body: (c, m) => `Your verification code is ${c}. It expires in ${m} minutes. Never share it with anyone.`,
  },
  zh: { subject: '您的验证码', body: (c, m) => `您的验证码是 ${c}，${m} 分钟内有效。请勿告诉任何人。` },
  'zh-HK': { subject: '您的驗證碼', body: (c, m) => `您的驗證碼是 ${c}，${m} 分鐘內有效。請勿告訴任何人。` },
  ja: {
    subject: '認証コード',
    body: (c, m) => `認証コードは ${c} です。有効期限は ${m} 分です。誰にも教えないでください。`,
  },
  ko: {
    subject: '인증 코드',
    body: (c, m) => `인증 코드는 ${c}입니다. ${m}분 후에 만료됩니다. 누구에게도 알려주지 마세요.`,
  },
  de: {
    subject: 'Ihr Bestätigungscode',
    body: (c, m) => `Ihr Bestätigungscode lautet ${c}. Er ist ${m} Minuten gültig. Geben Sie ihn niemals weiter.`,
  },
  fr: {
    subject: 'Votre code de vérification',
    body: (c, m) => `Votre code de vérification est ${c}. Il expire dans ${m} minutes. Ne le communiquez à personne.`,
  },
  it: {
    subject: 'Il tuo codice di verifica',
    body: (c, m) => `Il tuo codice di verifica è ${c}. Scade tra ${m} minuti. Non condividerlo con nessuno.`,
  },
};

export function otpMessage(lang: HeaderLang, code: string, minutes: number): { subject: string; text: string } {
  const t = TEXT[lang];
  return { subject: t.subject, text: t.body(code, minutes) };
}
