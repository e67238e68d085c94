import type { Language } from '@app/contract';

/**
 * The helper centre's and legal pages' own strings (i18next namespace `help`), in every language.
 * Only the help chunk imports this file (features/help/strings.ts registers it). The pages'
 * titles stay in `routes` of `translation`; the texts themselves come from the server.
 */

const en = {
  search: 'Search the helper centre',
  searchHint: 'Words from a question, e.g. withdraw fee',
  categories: 'Categories',
  count: '{{count}} articles',
  results: 'Search results',
  noResults: 'No article matches “{{q}}”.',
  empty: 'No articles in this category yet.',
  all: 'All categories',
  fallback: 'Not available in your language: shown in English.',
  version: 'Version {{version}} · published {{date}}',
  accepted: 'You accepted version {{version}} on {{date}}.',
  notAccepted: 'You have not accepted this text yet.',
  newer: 'This is version {{version}}; you accepted an earlier one.',
  accept: 'Accept version {{version}}',
  tabs: 'Legal texts',
  privacy: 'Privacy policy',
  agreement: 'User agreement',
  cat: {
    registration: 'Registration', deposits: 'Deposits', withdrawals: 'Withdrawals', contracts: 'Seconds contracts', demo: 'Demo account',
    kyc: 'Identity verification', loans: 'Loans', financing: 'Financing', fees: 'Fees',
  },
};

/** Every language has every key (a missing one is a compile error). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type HelpNamespace = Shape<typeof en>;

export const HELP_MESSAGES: Readonly<Record<Language, HelpNamespace>> = {
  en,
  zh: {
    search: '搜索帮助中心', searchHint: '输入问题中的词，例如 提现 手续费', categories: '分类', count: '{{count}} 篇文章', results: '搜索结果',
    noResults: '没有与“{{q}}”匹配的文章。', empty: '此分类暂无文章。', all: '全部分类', fallback: '暂无您所选语言的版本：以英文显示。',
    version: '版本 {{version}} · 发布于 {{date}}', accepted: '您已于 {{date}} 接受版本 {{version}}。', notAccepted: '您尚未接受此文本。',
    newer: '这是版本 {{version}}；您接受的是较早的版本。', accept: '接受版本 {{version}}', tabs: '法律文本', privacy: '隐私政策', agreement: '用户协议',
    cat: { registration: '注册', deposits: '充值', withdrawals: '提现', contracts: '秒合约', demo: '模拟账户', kyc: '身份认证', loans: '贷款', financing: '理财', fees: '费用' },
  },
  hk: {
    search: '搜尋幫助中心', searchHint: '輸入問題中的詞，例如 提現 手續費', categories: '分類', count: '{{count}} 篇文章', results: '搜尋結果',
    noResults: '沒有與「{{q}}」相符的文章。', empty: '此分類暫無文章。', all: '全部分類', fallback: '暫無您所選語言的版本：以英文顯示。',
    version: '版本 {{version}} · 發佈於 {{date}}', accepted: '您已於 {{date}} 接受版本 {{version}}。', notAccepted: '您尚未接受此文本。',
    newer: '這是版本 {{version}}；您接受的是較早的版本。', accept: '接受版本 {{version}}', tabs: '法律文本', privacy: '私隱政策', agreement: '用戶協議',
    cat: { registration: '註冊', deposits: '充值', withdrawals: '提現', contracts: '秒合約', demo: '模擬賬戶', kyc: '身份認證', loans: '貸款', financing: '理財', fees: '費用' },
  },
  jp: {
    search: 'ヘルプセンターを検索', searchHint: '質問の言葉を入力（例：出金 手数料）', categories: 'カテゴリー', count: '{{count}} 件の記事', results: '検索結果',
    noResults: '「{{q}}」に一致する記事はありません。', empty: 'このカテゴリーにはまだ記事がありません。', all: 'すべてのカテゴリー', fallback: 'お使いの言語の版はありません：英語で表示しています。',
    version: 'バージョン {{version}} · {{date}} 公開', accepted: '{{date}} にバージョン {{version}} に同意しました。', notAccepted: 'この文書にはまだ同意していません。',
    newer: 'これはバージョン {{version}} です。同意したのは以前の版です。', accept: 'バージョン {{version}} に同意する', tabs: '法的文書', privacy: 'プライバシーポリシー', agreement: '利用規約',
    cat: { registration: '登録', deposits: '入金', withdrawals: '出金', contracts: '秒契約', demo: 'デモ口座', kyc: '本人確認', loans: 'ローン', financing: '資産運用', fees: '手数料' },
  },
  kr: {
    search: '도움말 센터 검색', searchHint: '질문의 단어를 입력하세요 (예: 출금 수수료)', categories: '분류', count: '글 {{count}}개', results: '검색 결과',
    noResults: '"{{q}}"와 일치하는 글이 없습니다.', empty: '이 분류에는 아직 글이 없습니다.', all: '전체 분류', fallback: '사용 중인 언어로 된 글이 없어 영어로 표시합니다.',
    version: '버전 {{version}} · {{date}} 게시', accepted: '{{date}}에 버전 {{version}}에 동의했습니다.', notAccepted: '아직 이 문서에 동의하지 않았습니다.',
    newer: '이것은 버전 {{version}}입니다. 동의한 것은 이전 버전입니다.', accept: '버전 {{version}}에 동의', tabs: '법률 문서', privacy: '개인정보 처리방침', agreement: '이용약관',
    cat: { registration: '회원가입', deposits: '입금', withdrawals: '출금', contracts: '초 단위 계약', demo: '데모 계정', kyc: '본인 인증', loans: '대출', financing: '재테크', fees: '수수료' },
  },
  de: {
    search: 'Hilfe-Center durchsuchen', searchHint: 'Wörter einer Frage, z. B. Auszahlung Gebühr', categories: 'Kategorien', count: '{{count}} Artikel', results: 'Suchergebnisse',
    noResults: 'Kein Artikel passt zu „{{q}}“.', empty: 'In dieser Kategorie gibt es noch keine Artikel.', all: 'Alle Kategorien', fallback: 'Nicht in Ihrer Sprache verfügbar: auf Englisch angezeigt.',
    version: 'Version {{version}} · veröffentlicht am {{date}}', accepted: 'Sie haben Version {{version}} am {{date}} akzeptiert.', notAccepted: 'Sie haben diesen Text noch nicht akzeptiert.',
    newer: 'Dies ist Version {{version}}; Sie haben eine frühere akzeptiert.', accept: 'Version {{version}} akzeptieren', tabs: 'Rechtstexte', privacy: 'Datenschutzerklärung', agreement: 'Nutzungsvereinbarung',
    cat: { registration: 'Registrierung', deposits: 'Einzahlungen', withdrawals: 'Auszahlungen', contracts: 'Sekundenkontrakte', demo: 'Demokonto', kyc: 'Identitätsprüfung', loans: 'Kredite', financing: 'Finanzierung', fees: 'Gebühren' },
  },
  fr: {
    search: 'Rechercher dans le centre d\'aide', searchHint: 'Des mots d\'une question, ex. retrait frais', categories: 'Catégories', count: '{{count}} articles', results: 'Résultats de la recherche',
    noResults: 'Aucun article ne correspond à « {{q}} ».', empty: 'Aucun article dans cette catégorie pour l\'instant.', all: 'Toutes les catégories', fallback: 'Non disponible dans votre langue : affiché en anglais.',
    version: 'Version {{version}} · publiée le {{date}}', accepted: 'Vous avez accepté la version {{version}} le {{date}}.', notAccepted: 'Vous n\'avez pas encore accepté ce texte.',
    newer: 'Ceci est la version {{version}} ; vous en avez accepté une plus ancienne.', accept: 'Accepter la version {{version}}', tabs: 'Textes juridiques', privacy: 'Politique de confidentialité', agreement: 'Contrat d\'utilisation',
    cat: { registration: 'Inscription', deposits: 'Dépôts', withdrawals: 'Retraits', contracts: 'Contrats à secondes', demo: 'Compte démo', kyc: 'Vérification d\'identité', loans: 'Prêts', financing: 'Placements', fees: 'Frais' },
  },
  it: {
    search: 'Cerca nel centro assistenza', searchHint: 'Parole di una domanda, es. prelievo commissione', categories: 'Categorie', count: '{{count}} articoli', results: 'Risultati della ricerca',
    noResults: 'Nessun articolo corrisponde a «{{q}}».', empty: 'Nessun articolo in questa categoria per ora.', all: 'Tutte le categorie', fallback: 'Non disponibile nella tua lingua: mostrato in inglese.',
    version: 'Versione {{version}} · pubblicata il {{date}}', accepted: 'Hai accettato la versione {{version}} il {{date}}.', notAccepted: 'Non hai ancora accettato questo testo.',
    newer: 'Questa è la versione {{version}}; ne hai accettata una precedente.', accept: 'Accetta la versione {{version}}', tabs: 'Testi legali', privacy: 'Informativa sulla privacy', agreement: 'Contratto d\'uso',
    cat: { registration: 'Registrazione', deposits: 'Depositi', withdrawals: 'Prelievi', contracts: 'Contratti a secondi', demo: 'Conto demo', kyc: 'Verifica dell\'identità', loans: 'Prestiti', financing: 'Investimenti', fees: 'Commissioni' },
  },
};
