import type { Language } from '@app/contract';

/**
 * The Rise and Drop Ranking page's own strings (i18next namespace `ranking`), in every language.
 * Only the ranking chunk imports this file (features/ranking/strings.ts registers it); the page's
 * title stays in `routes` of `translation`.
 */

const en = {
  intro: 'The biggest moves of the last 24 hours, live.',
  groups: 'Market groups',
  lists: 'Rankings',
  gainers: 'Gainers',
  losers: 'Losers',
  volume: 'Volume leaders',
  listOf: '{{list}}: {{market}}',
  emptyGainers: 'Nothing in {{market}} is up over the last 24 hours.',
  emptyLosers: 'Nothing in {{market}} is down over the last 24 hours.',
  emptyVolume: 'Nothing in {{market}} has traded over the last 24 hours.',
  loadingHistory:
    'Some instruments are still loading their 24-hour history: they join the rankings once it is complete.',
  note: 'Change and volume over the last 24 hours; volume in the quote currency. The lists follow live prices.',
};

/** Every language has every key (a missing one is a compile error). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type RankingNamespace = Shape<typeof en>;

export const RANKING_MESSAGES: Readonly<Record<Language, RankingNamespace>> = {
  en,
  zh: {
    intro: '过去 24 小时涨跌幅最大的品种，实时更新。',
    groups: '市场分组',
    lists: '排行榜',
    gainers: '涨幅榜',
    losers: '跌幅榜',
    volume: '成交额榜',
    listOf: '{{list}}：{{market}}',
    emptyGainers: '{{market}}过去 24 小时没有上涨的品种。',
    emptyLosers: '{{market}}过去 24 小时没有下跌的品种。',
    emptyVolume: '{{market}}过去 24 小时没有成交。',
    loadingHistory: '部分品种仍在加载 24 小时历史数据，加载完成后才会进入排行榜。',
    note: '涨跌幅和成交额均为过去 24 小时；成交额以计价货币计。榜单随实时价格变化。',
  },
  hk: {
    intro: '過去 24 小時升跌幅最大的品種，實時更新。',
    groups: '市場分組',
    lists: '排行榜',
    gainers: '升幅榜',
    losers: '跌幅榜',
    volume: '成交額榜',
    listOf: '{{list}}：{{market}}',
    emptyGainers: '{{market}}過去 24 小時沒有上升的品種。',
    emptyLosers: '{{market}}過去 24 小時沒有下跌的品種。',
    emptyVolume: '{{market}}過去 24 小時沒有成交。',
    loadingHistory: '部分品種仍在載入 24 小時歷史數據，載入完成後才會進入排行榜。',
    note: '升跌幅和成交額均為過去 24 小時；成交額以報價貨幣計。榜單隨實時價格變化。',
  },
  jp: {
    intro: '過去 24 時間で最も大きく動いた銘柄をリアルタイムで表示します。',
    groups: '市場グループ',
    lists: 'ランキング',
    gainers: '値上がり率',
    losers: '値下がり率',
    volume: '売買代金',
    listOf: '{{list}}：{{market}}',
    emptyGainers: '{{market}}で過去 24 時間に値上がりした銘柄はありません。',
    emptyLosers: '{{market}}で過去 24 時間に値下がりした銘柄はありません。',
    emptyVolume: '{{market}}で過去 24 時間に取引された銘柄はありません。',
    loadingHistory: '一部の銘柄は 24 時間の履歴を読み込み中です。読み込みが終わるとランキングに加わります。',
    note: '騰落率と売買代金は過去 24 時間、売買代金は決済通貨建てです。ランキングはリアルタイム価格に従って変わります。',
  },
  kr: {
    intro: '지난 24시간 동안 가장 크게 움직인 종목을 실시간으로 보여 줍니다.',
    groups: '시장 그룹',
    lists: '순위',
    gainers: '상승률 상위',
    losers: '하락률 상위',
    volume: '거래대금 상위',
    listOf: '{{list}}: {{market}}',
    emptyGainers: '{{market}}에서 지난 24시간 동안 오른 종목이 없습니다.',
    emptyLosers: '{{market}}에서 지난 24시간 동안 내린 종목이 없습니다.',
    emptyVolume: '{{market}}에서 지난 24시간 동안 거래된 종목이 없습니다.',
    loadingHistory: '일부 종목은 24시간 기록을 불러오는 중이며, 완료되면 순위에 포함됩니다.',
    note: '등락률과 거래대금은 지난 24시간 기준이며 거래대금은 호가 통화로 표시됩니다. 순위는 실시간 가격에 따라 바뀝니다.',
  },
  de: {
    intro: 'Die größten Bewegungen der letzten 24 Stunden, live.',
    groups: 'Marktgruppen',
    lists: 'Ranglisten',
    gainers: 'Gewinner',
    losers: 'Verlierer',
    volume: 'Höchste Umsätze',
    listOf: '{{list}}: {{market}}',
    emptyGainers: 'In {{market}} ist in den letzten 24 Stunden nichts gestiegen.',
    emptyLosers: 'In {{market}} ist in den letzten 24 Stunden nichts gefallen.',
    emptyVolume: 'In {{market}} wurde in den letzten 24 Stunden nichts gehandelt.',
    loadingHistory:
      'Einige Instrumente laden noch ihren 24-Stunden-Verlauf: Sie kommen in die Ranglisten, sobald er vollständig ist.',
    note: 'Veränderung und Umsatz der letzten 24 Stunden; Umsatz in der Kurswährung. Die Listen folgen den Live-Kursen.',
  },
  fr: {
    intro: 'Les plus fortes variations des dernières 24 heures, en direct.',
    groups: 'Groupes de marchés',
    lists: 'Classements',
    gainers: 'Plus fortes hausses',
    losers: 'Plus fortes baisses',
    volume: 'Plus gros volumes',
    listOf: '{{list}} : {{market}}',
    emptyGainers: 'Aucun instrument {{market}} n’est en hausse sur 24 heures.',
    emptyLosers: 'Aucun instrument {{market}} n’est en baisse sur 24 heures.',
    emptyVolume: 'Aucun instrument {{market}} n’a été échangé sur 24 heures.',
    loadingHistory:
      'Certains instruments chargent encore leur historique de 24 heures : ils entreront dans les classements une fois celui-ci complet.',
    note: 'Variation et volume sur les dernières 24 heures ; volume dans la devise de cotation. Les listes suivent les prix en direct.',
  },
  it: {
    intro: 'I movimenti più forti delle ultime 24 ore, in tempo reale.',
    groups: 'Gruppi di mercato',
    lists: 'Classifiche',
    gainers: 'Maggiori rialzi',
    losers: 'Maggiori ribassi',
    volume: 'Maggiori volumi',
    listOf: '{{list}}: {{market}}',
    emptyGainers: 'Nessuno strumento {{market}} è in rialzo nelle ultime 24 ore.',
    emptyLosers: 'Nessuno strumento {{market}} è in ribasso nelle ultime 24 ore.',
    emptyVolume: 'Nessuno strumento {{market}} è stato scambiato nelle ultime 24 ore.',
    loadingHistory:
      'Alcuni strumenti stanno ancora caricando lo storico di 24 ore: entreranno nelle classifiche quando sarà completo.',
    note: 'Variazione e volume delle ultime 24 ore; volume nella valuta di quotazione. Le liste seguono i prezzi in tempo reale.',
  },
};
