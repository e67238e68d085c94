import type { HeaderLang } from './lang';

/**
 * The ledger transaction kinds: what moved money, as the statement (account changes) shows it.
 * Every ledger transaction has one of these kinds; the server refuses any other (typed), and each
 * has its name in every language, so a missing translation is a compile error.
 */
export interface LedgerKindDef {
  /** What it means; goes into docs/ledger.md. */
  readonly meaning: string;
  readonly names: Readonly<Record<HeaderLang, string>>;
}

export const LEDGER_KINDS = {
  transfer: {
    meaning: "Between two of the user's own wallets (currency, option, financing).",
    names: {
      en: 'Transfer',
      zh: '划转',
      'zh-HK': '劃轉',
      ja: '振替',
      ko: '이체',
      de: 'Übertrag',
      fr: 'Transfert',
      it: 'Trasferimento',
    },
  },
  demo_faucet: {
    meaning: 'Starting money of a demo ledger, from the demo faucet.',
    names: {
      en: 'Demo funds',
      zh: '模拟资金',
      'zh-HK': '模擬資金',
      ja: 'デモ資金',
      ko: '데모 자금',
      de: 'Demo-Guthaben',
      fr: 'Fonds de démo',
      it: 'Fondi demo',
    },
  },
  demo_reset: {
    meaning: "A demo ledger's balances back to the faucet (followed by a new demo_faucet).",
    names: {
      en: 'Demo reset',
      zh: '模拟重置',
      'zh-HK': '模擬重設',
      ja: 'デモリセット',
      ko: '데모 초기화',
      de: 'Demo-Zurücksetzung',
      fr: 'Réinitialisation démo',
      it: 'Azzeramento demo',
    },
  },
  deposit: {
    meaning: 'Money in from outside: a back-stage credit or an on-chain deposit.',
    names: {
      en: 'Deposit',
      zh: '充值',
      'zh-HK': '充值',
      ja: '入金',
      ko: '입금',
      de: 'Einzahlung',
      fr: 'Dépôt',
      it: 'Deposito',
    },
  },
  withdraw_escrow: {
    meaning:
      "A withdrawal confirmed: its amount (fee included) held in the currency account's frozen balance until it is sent or returned.",
    names: {
      en: 'Withdrawal requested',
      zh: '提现申请',
      'zh-HK': '提現申請',
      ja: '出金申請',
      ko: '출금 신청',
      de: 'Auszahlung beantragt',
      fr: 'Retrait demandé',
      it: 'Prelievo richiesto',
    },
  },
  withdraw_return: {
    meaning: 'A withdrawal cancelled, rejected or failed: its held amount back to the available balance.',
    names: {
      en: 'Withdrawal returned',
      zh: '提现退回',
      'zh-HK': '提現退回',
      ja: '出金返却',
      ko: '출금 반환',
      de: 'Auszahlung zurückgebucht',
      fr: 'Retrait restitué',
      it: 'Prelievo restituito',
    },
  },
  withdraw: {
    meaning:
      'Money out to an outside address: a withdrawal confirmed on chain (the amount sent and its fee leave the held balance).',
    names: {
      en: 'Withdrawal',
      zh: '提现',
      'zh-HK': '提現',
      ja: '出金',
      ko: '출금',
      de: 'Auszahlung',
      fr: 'Retrait',
      it: 'Prelievo',
    },
  },
  financing_subscribe: {
    meaning: "A financing subscription: its amount held in the financing account's frozen balance for the term.",
    names: {
      en: 'Financing subscribed',
      zh: '理财申购',
      'zh-HK': '理財申購',
      ja: '運用申込',
      ko: '재테크 가입',
      de: 'Festgeld angelegt',
      fr: 'Placement souscrit',
      it: 'Investimento sottoscritto',
    },
  },
  financing_mature: {
    meaning:
      'A financing subscription matured: its principal back from the frozen balance and its interest paid from the interest account.',
    names: {
      en: 'Financing matured',
      zh: '理财到期',
      'zh-HK': '理財到期',
      ja: '運用満期',
      ko: '재테크 만기',
      de: 'Festgeld fällig',
      fr: 'Placement échu',
      it: 'Investimento scaduto',
    },
  },
  financing_redeem: {
    meaning:
      'A financing subscription redeemed early: its principal back, with the accrued interest if the product keeps it.',
    names: {
      en: 'Financing redeemed early',
      zh: '理财提前赎回',
      'zh-HK': '理財提前贖回',
      ja: '運用中途解約',
      ko: '재테크 중도 해지',
      de: 'Festgeld vorzeitig aufgelöst',
      fr: 'Placement racheté',
      it: 'Investimento riscattato',
    },
  },
  loan_disburse: {
    meaning: 'A loan approved: its amount paid into the currency account from the loan book.',
    names: {
      en: 'Loan received',
      zh: '贷款到账',
      'zh-HK': '貸款到賬',
      ja: 'ローン入金',
      ko: '대출 입금',
      de: 'Kredit ausgezahlt',
      fr: 'Prêt versé',
      it: 'Prestito erogato',
    },
  },
  loan_repay: {
    meaning:
      'A loan repayment from the currency account: principal to the loan book, interest to the interest account.',
    names: {
      en: 'Loan repayment',
      zh: '贷款还款',
      'zh-HK': '貸款還款',
      ja: 'ローン返済',
      ko: '대출 상환',
      de: 'Kreditrückzahlung',
      fr: 'Remboursement de prêt',
      it: 'Rimborso prestito',
    },
  },
  otc_buy: {
    meaning: 'OTC: a coin bought with USDT from the house, fee included.',
    names: {
      en: 'OTC buy',
      zh: 'OTC 买入',
      'zh-HK': 'OTC 買入',
      ja: 'OTC 購入',
      ko: 'OTC 매수',
      de: 'OTC-Kauf',
      fr: 'Achat OTC',
      it: 'Acquisto OTC',
    },
  },
  otc_sell: {
    meaning: 'OTC: a coin sold to the house for USDT, fee included.',
    names: {
      en: 'OTC sell',
      zh: 'OTC 卖出',
      'zh-HK': 'OTC 賣出',
      ja: 'OTC 売却',
      ko: 'OTC 매도',
      de: 'OTC-Verkauf',
      fr: 'Vente OTC',
      it: 'Vendita OTC',
    },
  },
  otc_flash: {
    meaning: 'OTC: one coin exchanged for another through USDT.',
    names: {
      en: 'Flash exchange',
      zh: '闪兑',
      'zh-HK': '閃兌',
      ja: 'クイック交換',
      ko: '빠른 교환',
      de: 'Soforttausch',
      fr: 'Échange éclair',
      it: 'Scambio rapido',
    },
  },
  contract_open: {
    meaning: 'A seconds contract opened: its stake held in the option account until it settles.',
    names: {
      en: 'Contract opened',
      zh: '合约开仓',
      'zh-HK': '合約開倉',
      ja: 'コントラクト購入',
      ko: '계약 구매',
      de: 'Kontrakt eröffnet',
      fr: 'Contrat ouvert',
      it: 'Contratto aperto',
    },
  },
  contract_win: {
    meaning: 'A won contract: the stake and the profit paid back.',
    names: {
      en: 'Contract won',
      zh: '合约盈利',
      'zh-HK': '合約盈利',
      ja: 'コントラクト勝ち',
      ko: '계약 수익',
      de: 'Kontrakt gewonnen',
      fr: 'Contrat gagné',
      it: 'Contratto vinto',
    },
  },
  contract_loss: {
    meaning: 'A lost contract: the stake goes to the house.',
    names: {
      en: 'Contract lost',
      zh: '合约亏损',
      'zh-HK': '合約虧損',
      ja: 'コントラクト負け',
      ko: '계약 손실',
      de: 'Kontrakt verloren',
      fr: 'Contrat perdu',
      it: 'Contratto perso',
    },
  },
  contract_tie: {
    meaning: 'A tied contract: the stake is returned.',
    names: {
      en: 'Contract tie (stake returned)',
      zh: '合约平局（退还本金）',
      'zh-HK': '合約平局（退還本金）',
      ja: 'コントラクト引き分け（返金）',
      ko: '계약 무승부(원금 반환)',
      de: 'Kontrakt unentschieden (Einsatz zurück)',
      fr: 'Contrat à égalité (mise rendue)',
      it: 'Contratto in parità (puntata resa)',
    },
  },
  contract_settle: {
    meaning: 'Several contracts of one user settled together (the reference lists them).',
    names: {
      en: 'Contracts settled',
      zh: '合约结算',
      'zh-HK': '合約結算',
      ja: '契約決済',
      ko: '계약 정산',
      de: 'Kontrakte abgerechnet',
      fr: 'Contrats réglés',
      it: 'Contratti regolati',
    },
  },
  spot_buy: {
    meaning: 'A spot buy filled against the house.',
    names: {
      en: 'Spot buy',
      zh: '现货买入',
      'zh-HK': '現貨買入',
      ja: '現物買い',
      ko: '현물 매수',
      de: 'Spot-Kauf',
      fr: 'Achat spot',
      it: 'Acquisto spot',
    },
  },
  spot_sell: {
    meaning: 'A spot sell filled against the house.',
    names: {
      en: 'Spot sell',
      zh: '现货卖出',
      'zh-HK': '現貨賣出',
      ja: '現物売り',
      ko: '현물 매도',
      de: 'Spot-Verkauf',
      fr: 'Vente spot',
      it: 'Vendita spot',
    },
  },
  spot_escrow: {
    meaning: 'A spot limit order placed to rest: its funds held (reserved) until it fills or is cancelled.',
    names: {
      en: 'Spot order placed',
      zh: '现货委托下单',
      'zh-HK': '現貨委託下單',
      ja: '現物注文の発注',
      ko: '현물 주문 접수',
      de: 'Spot-Auftrag erteilt',
      fr: 'Ordre spot passé',
      it: 'Ordine spot inserito',
    },
  },
  spot_cancel: {
    meaning: 'A spot order cancelled: its held funds released.',
    names: {
      en: 'Spot order cancelled',
      zh: '现货委托撤销',
      'zh-HK': '現貨委託撤銷',
      ja: '現物注文の取消',
      ko: '현물 주문 취소',
      de: 'Spot-Auftrag storniert',
      fr: 'Ordre spot annulé',
      it: 'Ordine spot annullato',
    },
  },
  reversal: {
    meaning: 'The exact opposite of an earlier transaction, which it names (corrections).',
    names: {
      en: 'Reversal',
      zh: '冲正',
      'zh-HK': '沖正',
      ja: '取消仕訳',
      ko: '거래 취소',
      de: 'Stornobuchung',
      fr: 'Contre-passation',
      it: 'Storno',
    },
  },
} as const satisfies Record<string, LedgerKindDef>;

export type LedgerKind = keyof typeof LEDGER_KINDS;
export const LEDGER_KIND_KEYS = Object.keys(LEDGER_KINDS) as LedgerKind[];

export const isLedgerKind = (value: string): value is LedgerKind => Object.hasOwn(LEDGER_KINDS, value);

/** The name of a kind in a language. */
export function ledgerKindName(kind: LedgerKind, lang: HeaderLang): string {
  return LEDGER_KINDS[kind].names[lang];
}
