/**
 * Banners shipped with the product (GET asset/api/banner/list). Operators will manage them in
 * the back office later; until then these are the content. Images live in the web app under
 * /banners/; links are app routes.
 */
import type { HeaderLang } from '@app/contract';

export interface BannerDef {
  id: number;
  positions: readonly ('home' | 'quote')[];
  image: string;
  link: string;
  /** Where a logged-in user goes instead of `link` (a sign-up banner must not send members to register). */
  memberLink?: string;
  title: Record<HeaderLang, string>;
}

export const BANNERS: readonly BannerDef[] = [
  {
    id: 1,
    positions: ['home'],
    image: '/banners/welcome.svg',
    link: '/pages/register/email/index',
    memberLink: '/pages/recharge/index',
    title: {
      en: 'No deposit or withdrawal fees for your first 3 months',
      zh: '新用户前3个月免充值和提现手续费',
      'zh-HK': '新用戶首3個月免存款及提款手續費',
      ja: '最初の3か月は入出金手数料が無料',
      ko: '가입 후 3개월간 입출금 수수료 무료',
      de: 'Die ersten 3 Monate ohne Ein- und Auszahlungsgebühren',
      fr: 'Aucuns frais de dépôt ni de retrait pendant vos 3 premiers mois',
      it: 'Nessuna commissione su depositi e prelievi per i primi 3 mesi',
    },
  },
  {
    id: 2,
    positions: ['home', 'quote'],
    image: '/banners/seconds-contract.svg',
    link: '/pages/trade-chart/index',
    title: {
      en: 'Seconds contracts on forex, gold, crypto, indices and stocks',
      zh: '外汇、黄金、加密货币、指数和股票秒合约',
      'zh-HK': '外匯、黃金、加密貨幣、指數及股票秒合約',
      ja: 'FX・金・暗号資産・指数・株式の秒単位契約',
      ko: '외환, 금, 암호화폐, 지수, 주식 초 단위 계약',
      de: 'Sekundenkontrakte auf Devisen, Gold, Krypto, Indizes und Aktien',
      fr: 'Contrats à la seconde sur forex, or, crypto, indices et actions',
      it: 'Contratti a secondi su forex, oro, cripto, indici e azioni',
    },
  },
  {
    id: 3,
    positions: ['home'],
    image: '/banners/demo-account.svg',
    link: '/pages/profile/index',
    title: {
      en: 'Practise with 100,000 USDT on the demo account',
      zh: '使用模拟账户的100,000 USDT练习交易',
      'zh-HK': '使用模擬帳戶的100,000 USDT練習交易',
      ja: 'デモ口座の100,000 USDTで練習',
      ko: '데모 계정의 100,000 USDT로 연습하세요',
      de: 'Üben Sie mit 100.000 USDT auf dem Demokonto',
      fr: 'Entraînez-vous avec 100 000 USDT sur le compte démo',
      it: 'Fai pratica con 100.000 USDT sul conto demo',
    },
  },
  {
    id: 4,
    positions: ['home', 'quote'],
    image: '/banners/otc.svg',
    link: '/pages/otc/index',
    title: {
      en: 'Buy, sell and flash-exchange coins instantly',
      zh: '即时买入、卖出和闪兑',
      'zh-HK': '即時買入、賣出及閃兌',
      ja: 'コインを即時に購入・売却・交換',
      ko: '코인을 즉시 매수, 매도, 교환',
      de: 'Coins sofort kaufen, verkaufen und tauschen',
      fr: 'Achetez, vendez et échangez vos cryptos instantanément',
      it: "Compra, vendi e scambia cripto all'istante",
    },
  },
];
