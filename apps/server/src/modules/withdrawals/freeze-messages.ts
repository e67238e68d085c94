import type { HeaderLang } from '@app/contract';

interface AddedNotice {
  currency: string;
  protocol: string;
  address: string;
  holdHours: number;
  link: string;
}

/**
 * The message of a new withdrawal address, sent by e-mail (or SMS when the user has only a phone):
 * what was added, and the "this wasn't me" link that freezes withdrawals. No code in it, and no
 * date, so it is never mistaken for a one-time code.
 */
const TEXT: Record<HeaderLang, { subject: string; body: (n: AddedNotice) => string }> = {
  en: {
    subject: 'A withdrawal address was added to your account',
    body: (n) =>
      `A withdrawal address was added to your account: ${n.currency} (${n.protocol}) ${n.address}. It can be used ${n.holdHours} hours after it was saved, or at once if confirmed with a code. If this wasn't you, freeze withdrawals now: ${n.link}`,
  },
  zh: {
    subject: '您的账户添加了提现地址',
    body: (n) =>
      `您的账户添加了提现地址：${n.currency}（${n.protocol}）${n.address}。保存 ${n.holdHours} 小时后可用，用验证码确认后立即可用。如果不是您本人操作，请立即冻结提现：${n.link}`,
  },
  'zh-HK': {
    subject: '您的帳戶新增了提現地址',
    body: (n) =>
      `您的帳戶新增了提現地址：${n.currency}（${n.protocol}）${n.address}。儲存 ${n.holdHours} 小時後可用，以驗證碼確認後即時可用。如果不是您本人操作，請立即凍結提現：${n.link}`,
  },
  ja: {
    subject: 'アカウントに出金アドレスが追加されました',
    body: (n) =>
      `アカウントに出金アドレスが追加されました：${n.currency}（${n.protocol}）${n.address}。保存から ${n.holdHours} 時間後、または認証コードで確認するとすぐに使えます。お心当たりがない場合は、今すぐ出金を凍結してください：${n.link}`,
  },
  ko: {
    subject: '계정에 출금 주소가 추가되었습니다',
    body: (n) =>
      `계정에 출금 주소가 추가되었습니다: ${n.currency} (${n.protocol}) ${n.address}. 저장 후 ${n.holdHours}시간이 지나면, 또는 인증 코드로 확인하면 바로 사용할 수 있습니다. 본인이 아니라면 지금 출금을 동결하세요: ${n.link}`,
  },
  de: {
    subject: 'Ihrem Konto wurde eine Auszahlungsadresse hinzugefügt',
    body: (n) =>
      `Ihrem Konto wurde eine Auszahlungsadresse hinzugefügt: ${n.currency} (${n.protocol}) ${n.address}. Sie ist ${n.holdHours} Stunden nach dem Speichern nutzbar, mit einem Code bestätigt sofort. Wenn Sie das nicht waren, sperren Sie Auszahlungen jetzt: ${n.link}`,
  },
  fr: {
    subject: 'Une adresse de retrait a été ajoutée à votre compte',
    body: (n) =>
      `Une adresse de retrait a été ajoutée à votre compte : ${n.currency} (${n.protocol}) ${n.address}. Elle est utilisable ${n.holdHours} heures après son enregistrement, ou tout de suite si elle est confirmée par un code. Si ce n'était pas vous, gelez les retraits maintenant : ${n.link}`,
  },
  it: {
    subject: 'È stato aggiunto un indirizzo di prelievo al tuo account',
    body: (n) =>
      `È stato aggiunto un indirizzo di prelievo al tuo account: ${n.currency} (${n.protocol}) ${n.address}. Sarà utilizzabile ${n.holdHours} ore dopo il salvataggio, o subito se confermato con un codice. Se non sei stato tu, blocca subito i prelievi: ${n.link}`,
  },
};

export function addressAddedMessage(lang: HeaderLang, notice: AddedNotice): { subject: string; text: string } {
  const t = TEXT[lang];
  return { subject: t.subject, text: t.body(notice) };
}
