import type { Language } from '@app/contract';

/**
 * The news pages' own strings (i18next namespace `news`), in every language. Only the news chunk
 * imports this file (features/news/strings.ts registers it). The pages' titles stay in `routes`
 * of `translation`.
 */

const en = {
  tabs: 'News sections',
  news: 'News',
  announcements: 'Announcements',
  calendar: 'Calendar',
  calendarTitle: 'Economic calendar',
  empty: 'Nothing has been published here yet.',
  more: 'Show more',
  fallback: 'Not available in your language: shown in English.',
  back: 'Back to the list',
  open: 'Open link',
  choose: 'Choose a post to read it here.',
  calendarUnset: 'The economic calendar is not set up on this server.',
  calendarOffline: 'The economic calendar could not be loaded. Check your connection and try again.',
  retry: 'Try again',
};

/** Every language has every key (a missing one is a compile error). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type NewsNamespace = Shape<typeof en>;

export const NEWS_MESSAGES: Readonly<Record<Language, NewsNamespace>> = {
  en,
  zh: {
    tabs: '资讯分类', news: '新闻', announcements: '公告', calendar: '日历', calendarTitle: '财经日历',
    empty: '这里还没有发布内容。', more: '显示更多', fallback: '暂无您所选语言的版本：以英文显示。', back: '返回列表', open: '打开链接',
    choose: '选择一篇内容在此阅读。', calendarUnset: '本服务器未设置财经日历。', calendarOffline: '财经日历无法加载。请检查网络后重试。', retry: '重试',
  },
  hk: {
    tabs: '資訊分類', news: '新聞', announcements: '公告', calendar: '日曆', calendarTitle: '財經日曆',
    empty: '這裏還沒有發佈內容。', more: '顯示更多', fallback: '暫無您所選語言的版本：以英文顯示。', back: '返回列表', open: '打開連結',
    choose: '選擇一篇內容在此閱讀。', calendarUnset: '本伺服器未設定財經日曆。', calendarOffline: '財經日曆無法載入。請檢查網絡後重試。', retry: '重試',
  },
  jp: {
    tabs: 'ニュースの区分', news: 'ニュース', announcements: 'お知らせ', calendar: 'カレンダー', calendarTitle: '経済指標カレンダー',
    empty: 'まだ何も公開されていません。', more: 'さらに表示', fallback: 'お使いの言語の版はありません：英語で表示しています。', back: '一覧に戻る', open: 'リンクを開く',
    choose: '記事を選ぶとここに表示されます。', calendarUnset: 'このサーバーでは経済指標カレンダーが設定されていません。', calendarOffline: '経済指標カレンダーを読み込めませんでした。接続を確認して再度お試しください。', retry: '再試行',
  },
  kr: {
    tabs: '뉴스 분류', news: '뉴스', announcements: '공지사항', calendar: '캘린더', calendarTitle: '경제 캘린더',
    empty: '아직 게시된 내용이 없습니다.', more: '더 보기', fallback: '사용 중인 언어로 된 글이 없어 영어로 표시합니다.', back: '목록으로', open: '링크 열기',
    choose: '글을 선택하면 여기에 표시됩니다.', calendarUnset: '이 서버에는 경제 캘린더가 설정되어 있지 않습니다.', calendarOffline: '경제 캘린더를 불러오지 못했습니다. 연결을 확인하고 다시 시도하세요.', retry: '다시 시도',
  },
  de: {
    tabs: 'Bereiche', news: 'Neuigkeiten', announcements: 'Ankündigungen', calendar: 'Kalender', calendarTitle: 'Wirtschaftskalender',
    empty: 'Hier wurde noch nichts veröffentlicht.', more: 'Mehr anzeigen', fallback: 'In Ihrer Sprache nicht verfügbar: auf Englisch angezeigt.', back: 'Zurück zur Liste', open: 'Link öffnen',
    choose: 'Wählen Sie einen Beitrag, um ihn hier zu lesen.', calendarUnset: 'Der Wirtschaftskalender ist auf diesem Server nicht eingerichtet.', calendarOffline: 'Der Wirtschaftskalender konnte nicht geladen werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.', retry: 'Erneut versuchen',
  },
  fr: {
    tabs: 'Rubriques', news: 'Actualités', announcements: 'Annonces', calendar: 'Calendrier', calendarTitle: 'Calendrier économique',
    empty: 'Rien n’a encore été publié ici.', more: 'Afficher plus', fallback: 'Non disponible dans votre langue : affiché en anglais.', back: 'Retour à la liste', open: 'Ouvrir le lien',
    choose: 'Choisissez une publication pour la lire ici.', calendarUnset: 'Le calendrier économique n’est pas configuré sur ce serveur.', calendarOffline: 'Le calendrier économique n’a pas pu être chargé. Vérifiez votre connexion et réessayez.', retry: 'Réessayer',
  },
  it: {
    tabs: 'Sezioni', news: 'Notizie', announcements: 'Annunci', calendar: 'Calendario', calendarTitle: 'Calendario economico',
    empty: 'Qui non è stato ancora pubblicato nulla.', more: 'Mostra altro', fallback: 'Non disponibile nella tua lingua: mostrato in inglese.', back: 'Torna all’elenco', open: 'Apri il link',
    choose: 'Scegli un post per leggerlo qui.', calendarUnset: 'Il calendario economico non è configurato su questo server.', calendarOffline: 'Impossibile caricare il calendario economico. Controlla la connessione e riprova.', retry: 'Riprova',
  },
};
