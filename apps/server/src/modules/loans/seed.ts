import type { HeaderLang, ProductNames } from '@app/contract';

/** "USDT n days" in the other seven languages. */
const daysName = (n: number): ProductNames => ({
  de: `USDT ${n} Tage`,
  fr: `USDT ${n} jours`,
  it: `USDT ${n} giorni`,
  ja: `USDT ${n}日間`,
  ko: `USDT ${n}일`,
  zh: `USDT ${n}天`,
  'zh-HK': `USDT ${n}天`,
});

/**
 * The products written at first start when there are none (docs/loans.md "Products"), named in all
 * eight languages (migration 0031 names those of earlier installations alike); operators change them later.
 */
export const SEED_PRODUCTS = [
  {
    name: 'USDT 14 days',
    names: daysName(14),
    currency: 'USDT',
    min: '100',
    max: '5000',
    periodDays: 14,
    dailyRate: '0.0005',
    lateDailyRate: '0.001',
  },
  {
    name: 'USDT 30 days',
    names: daysName(30),
    currency: 'USDT',
    min: '500',
    max: '20000',
    periodDays: 30,
    dailyRate: '0.0004',
    lateDailyRate: '0.001',
  },
] as const;

interface Terms {
  currency: string;
  min: string;
  max: string;
  periodDays: number;
  /** Percent per day, as text ("0.05"). */
  dailyPct: string;
  latePct: string;
}

/**
 * The worked example's result, exactly: the interest on 1000 for `days` days at `dailyPct` % a day
 * (1000 × pct / 100 × days = 10 × pct × days), as a decimal without trailing zeros ("7", "1.5").
 */
export function exampleInterest(dailyPct: string, days: number): string {
  const [whole, frac = ''] = dailyPct.split('.');
  const units = BigInt(`${whole}${frac}`) * BigInt(10 * days);
  const scale = 10n ** BigInt(frac.length);
  const rest = (units % scale).toString().padStart(frac.length, '0').replace(/0+$/, '');
  return rest ? `${units / scale}.${rest}` : `${units / scale}`;
}

/**
 * The rules a user reads and accepts before applying, in every language: what the loan costs per
 * day and in all, when it is due, what happens after, and what never happens (nothing is taken
 * from the user's accounts on its own; a loan is never needed to withdraw or to trade). One line:
 * the API refuses control characters (newlines included) in every text field, so the rules an
 * operator saves have none either.
 */
export function seedRules(t: Terms): Record<HeaderLang, string> {
  const { currency: c, min, max, periodDays: d, dailyPct: r, latePct: l } = t;
  const x = exampleInterest(r, d);
  return {
    en: [
      `Amount: ${min} to ${max} ${c}, for ${d} days, after a review of your application by our staff.`,
      `Interest: ${r} % of the amount still owed, per day (00:00 UTC to 00:00 UTC), counted from the day the loan is paid to you, rounded down to the coin's smallest unit. Example: 1000 ${c} for ${d} days costs 1000 × ${r} % × ${d} = ${x} ${c}.`,
      `Due date: the last day of the period. You may repay all or part at any time before; a part payment pays the interest first, then the amount.`,
      `After the due date the loan is overdue: each further day costs ${l} % of the amount still owed instead of ${r} %, until you repay. Nothing else is charged.`,
      `Repayment is made only when you ask for it, from your currency account. We never take money from any of your accounts on our own and hold no collateral.`,
      `A loan is never needed to withdraw your money or to trade. If anyone tells you otherwise, it is not us.`,
    ].join(' '),
    zh: [
      `金额：${min} 至 ${max} ${c}，期限 ${d} 天，须经工作人员审核申请。`,
      `利息：按未还金额每天 ${r} %（UTC 00:00 至次日 00:00 为一天），自放款当天起计算，按币种最小单位向下取整。例如：1000 ${c} 借 ${d} 天，利息为 1000 × ${r} % × ${d} = ${x} ${c}。`,
      `到期日：期限的最后一天。到期前可随时全部或部分还款；部分还款先还利息，再还本金。`,
      `到期后贷款即为逾期：此后每天按未还金额 ${l} %（而非 ${r} %）计息，直至还清。不收取其他费用。`,
      `仅在您主动申请时，从您的币币账户还款。我们绝不会自行从您的任何账户扣款，也不持有任何抵押物。`,
      `提现或交易从不需要贷款。如有人告诉您需要贷款才能提现或交易，那不是我们。`,
    ].join(' '),
    'zh-HK': [
      `金額：${min} 至 ${max} ${c}，期限 ${d} 天，須經工作人員審核申請。`,
      `利息：按未還金額每天 ${r} %（UTC 00:00 至翌日 00:00 為一天），自放款當天起計算，按幣種最小單位向下取整。例如：1000 ${c} 借 ${d} 天，利息為 1000 × ${r} % × ${d} = ${x} ${c}。`,
      `到期日：期限的最後一天。到期前可隨時全部或部分還款；部分還款先還利息，再還本金。`,
      `到期後貸款即為逾期：此後每天按未還金額 ${l} %（而非 ${r} %）計息，直至還清。不收取其他費用。`,
      `僅在您主動申請時，從您的幣幣賬戶還款。我們絕不會自行從您的任何賬戶扣款，也不持有任何抵押品。`,
      `提現或交易從不需要貸款。如有人告訴您需要貸款才能提現或交易，那不是我們。`,
    ].join(' '),
    ja: [
      `金額：${min}〜${max} ${c}、期間 ${d} 日。お申し込みは当社スタッフが審査します。`,
      `利息：未返済額に対して1日 ${r} %（UTC 00:00〜翌 00:00 を1日とします）。融資実行日から計算し、通貨の最小単位に切り捨てます。例：1000 ${c} を ${d} 日借りた場合の利息は 1000 × ${r} % × ${d} = ${x} ${c} です。`,
      `返済期日：期間の最終日です。期日前ならいつでも全額または一部を返済できます。一部返済は利息から先に充当されます。`,
      `期日を過ぎると延滞となり、返済まで1日あたり未返済額の ${r} % ではなく ${l} % がかかります。その他の費用はありません。`,
      `返済はお客様のご依頼があった時にのみ、現物アカウントから行います。当社がお客様のアカウントから勝手に引き落とすことはなく、担保も取りません。`,
      `出金や取引のためにローンが必要になることは決してありません。そう言われた場合、それは当社ではありません。`,
    ].join(' '),
    ko: [
      `금액: ${min}~${max} ${c}, 기간 ${d}일. 신청서는 직원이 심사합니다.`,
      `이자: 미상환 금액의 하루 ${r} % (UTC 00:00부터 다음 00:00까지가 하루), 대출금이 지급된 날부터 계산하며 코인의 최소 단위로 내림합니다. 예: 1000 ${c}를 ${d}일 빌리면 이자는 1000 × ${r} % × ${d} = ${x} ${c}입니다.`,
      `만기일: 기간의 마지막 날입니다. 그 전에는 언제든지 전액 또는 일부를 상환할 수 있으며, 일부 상환은 이자부터 갚습니다.`,
      `만기일이 지나면 연체가 되며, 상환할 때까지 하루에 미상환 금액의 ${r} % 대신 ${l} %가 부과됩니다. 그 밖의 비용은 없습니다.`,
      `상환은 고객이 요청할 때에만 현물 계정에서 이루어집니다. 당사는 고객의 어떤 계정에서도 임의로 돈을 가져가지 않으며 담보를 잡지 않습니다.`,
      `출금이나 거래를 위해 대출이 필요한 경우는 절대 없습니다. 그렇게 말하는 사람이 있다면 그것은 당사가 아닙니다.`,
    ].join(' '),
    de: [
      `Betrag: ${min} bis ${max} ${c}, für ${d} Tage, nach Prüfung Ihres Antrags durch unsere Mitarbeiter.`,
      `Zinsen: ${r} % des noch geschuldeten Betrags pro Tag (00:00 bis 00:00 UTC), ab dem Tag der Auszahlung, abgerundet auf die kleinste Einheit der Münze. Beispiel: 1000 ${c} für ${d} Tage kosten 1000 × ${r} % × ${d} = ${x} ${c}.`,
      `Fälligkeit: der letzte Tag der Laufzeit. Vorher können Sie jederzeit ganz oder teilweise zurückzahlen; eine Teilzahlung tilgt zuerst die Zinsen, dann den Betrag.`,
      `Nach der Fälligkeit ist der Kredit überfällig: Jeder weitere Tag kostet ${l} % statt ${r} % des noch geschuldeten Betrags, bis Sie zurückzahlen. Sonst wird nichts berechnet.`,
      `Zurückgezahlt wird nur, wenn Sie es veranlassen, aus Ihrem Spot-Konto. Wir nehmen nie von uns aus Geld von Ihren Konten und halten keine Sicherheiten.`,
      `Ein Kredit ist nie nötig, um Geld auszuzahlen oder zu handeln. Wer Ihnen etwas anderes sagt, spricht nicht für uns.`,
    ].join(' '),
    fr: [
      `Montant : de ${min} à ${max} ${c}, pour ${d} jours, après examen de votre demande par notre équipe.`,
      `Intérêts : ${r} % du montant restant dû par jour (de 00:00 à 00:00 UTC), à compter du jour du versement, arrondis à l'unité inférieure de la monnaie. Exemple : 1000 ${c} pendant ${d} jours coûtent 1000 × ${r} % × ${d} = ${x} ${c}.`,
      `Échéance : le dernier jour de la période. Vous pouvez rembourser tout ou partie à tout moment avant ; un remboursement partiel paie d'abord les intérêts, puis le montant.`,
      `Après l'échéance, le prêt est en retard : chaque jour supplémentaire coûte ${l} % du montant restant dû au lieu de ${r} %, jusqu'au remboursement. Rien d'autre n'est facturé.`,
      `Le remboursement se fait uniquement à votre demande, depuis votre compte spot. Nous ne prélevons jamais d'argent sur vos comptes de notre propre initiative et ne détenons aucune garantie.`,
      `Un prêt n'est jamais nécessaire pour retirer votre argent ou pour trader. Si quelqu'un vous dit le contraire, ce n'est pas nous.`,
    ].join(' '),
    it: [
      `Importo: da ${min} a ${max} ${c}, per ${d} giorni, dopo la verifica della richiesta da parte del nostro personale.`,
      `Interessi: ${r} % dell'importo ancora dovuto al giorno (dalle 00:00 alle 00:00 UTC), dal giorno dell'erogazione, arrotondati per difetto all'unità minima della moneta. Esempio: 1000 ${c} per ${d} giorni costano 1000 × ${r} % × ${d} = ${x} ${c}.`,
      `Scadenza: l'ultimo giorno del periodo. Prima puoi rimborsare tutto o in parte in qualsiasi momento; un rimborso parziale paga prima gli interessi, poi l'importo.`,
      `Dopo la scadenza il prestito è in ritardo: ogni giorno in più costa ${l} % dell'importo ancora dovuto invece di ${r} %, fino al rimborso. Nient'altro viene addebitato.`,
      `Il rimborso avviene solo quando lo chiedi tu, dal tuo conto spot. Non preleviamo mai denaro dai tuoi conti di nostra iniziativa e non tratteniamo garanzie.`,
      `Un prestito non è mai necessario per prelevare il tuo denaro o per fare trading. Se qualcuno ti dice il contrario, non siamo noi.`,
    ].join(' '),
  };
}
