import type { Language } from '@app/contract';

/**
 * The desktop trading dashboard's own strings (i18next namespace `dashboard`), in every language.
 * Only the dashboard's chunk imports this file (app/desktop/dashboard/strings.ts registers it), so
 * the mobile first route, which bundles the English `translation` strings, does not carry them
 * (docs/decisions.md "Desktop dashboard"). Everything the dashboard shares with the mobile pages
 * (order forms, chart, lists) keeps its words in the language files beside this one.
 */
const en = {
  markets: 'Markets',
  search: 'Search markets',
  pair: 'Pair',
  price: 'Price',
  change: '24h change',
  recentTrades: 'Recent trades',
  time: 'Time',
  account: 'Account',
  demoMode: 'Demo mode',
  logIn: 'Log in to see your balances.',
  orders: 'Orders',
  noTrades: 'Waiting for trades',
};

export type DashboardMessages = Record<keyof typeof en, string>;

const zh: DashboardMessages = {
  markets: '市场',
  search: '搜索市场',
  pair: '交易对',
  price: '价格',
  change: '24小时涨跌',
  recentTrades: '最新成交',
  time: '时间',
  account: '账户',
  demoMode: '模拟模式',
  logIn: '登录后查看余额。',
  orders: '订单',
  noTrades: '等待成交',
};

const hk: DashboardMessages = {
  markets: '市場',
  search: '搜尋市場',
  pair: '交易對',
  price: '價格',
  change: '24小時漲跌',
  recentTrades: '最新成交',
  time: '時間',
  account: '賬戶',
  demoMode: '模擬模式',
  logIn: '登入後查看餘額。',
  orders: '訂單',
  noTrades: '等待成交',
};

const jp: DashboardMessages = {
  markets: 'マーケット',
  search: 'マーケットを検索',
  pair: 'ペア',
  price: '価格',
  change: '24時間変動',
  recentTrades: '最近の約定',
  time: '時刻',
  account: 'アカウント',
  demoMode: 'デモモード',
  logIn: 'ログインすると残高が表示されます。',
  orders: '注文',
  noTrades: '約定を待っています',
};

const kr: DashboardMessages = {
  markets: '마켓',
  search: '마켓 검색',
  pair: '페어',
  price: '가격',
  change: '24시간 변동',
  recentTrades: '최근 체결',
  time: '시간',
  account: '계정',
  demoMode: '데모 모드',
  logIn: '로그인하면 잔액을 볼 수 있습니다.',
  orders: '주문',
  noTrades: '체결을 기다리는 중',
};

const de: DashboardMessages = {
  markets: 'Märkte',
  search: 'Märkte suchen',
  pair: 'Paar',
  price: 'Preis',
  change: '24h-Änderung',
  recentTrades: 'Letzte Abschlüsse',
  time: 'Zeit',
  account: 'Konto',
  demoMode: 'Demo-Modus',
  logIn: 'Melden Sie sich an, um Ihre Guthaben zu sehen.',
  orders: 'Aufträge',
  noTrades: 'Warte auf Abschlüsse',
};

const fr: DashboardMessages = {
  markets: 'Marchés',
  search: 'Rechercher un marché',
  pair: 'Paire',
  price: 'Prix',
  change: 'Variation 24 h',
  recentTrades: 'Transactions récentes',
  time: 'Heure',
  account: 'Compte',
  demoMode: 'Mode démo',
  logIn: 'Connectez-vous pour voir vos soldes.',
  orders: 'Ordres',
  noTrades: 'En attente de transactions',
};

const it: DashboardMessages = {
  markets: 'Mercati',
  search: 'Cerca mercati',
  pair: 'Coppia',
  price: 'Prezzo',
  change: 'Variazione 24h',
  recentTrades: 'Scambi recenti',
  time: 'Ora',
  account: 'Conto',
  demoMode: 'Modalità demo',
  logIn: 'Accedi per vedere i tuoi saldi.',
  orders: 'Ordini',
  noTrades: 'In attesa di scambi',
};

export const DASHBOARD_MESSAGES: Readonly<Record<Language, DashboardMessages>> = { en, zh, hk, jp, kr, de, fr, it };
