import type { Language } from '@app/contract';

/**
 * The notification centre's own strings (i18next namespace `notification`), in every language.
 * Only the notification chunk imports this file (features/notification/strings.ts registers it),
 * as locales/financing.ts. The pages' titles stay in `routes` of `translation` (the top bar and
 * the badges show them). The notifications' own titles and bodies come worded from the server.
 */

const en = {
  list: 'Notifications and announcements',
  markAllRead: 'Mark all read',
  allRead: 'All notifications are marked as read',
  empty: 'No notifications yet.',
  emptyText: 'Deposits, withdrawals, verification results and announcements will show here.',
  unread: 'Unread',
  announcement: 'Announcement',
  open: 'Open',
  inEnglish: 'Shown in English: there is no translation in your language yet.',
  choose: 'Choose a notification to read it.',
  received: 'Received',
};

/** Every language has every key (a missing one is a compile error). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type NotificationNamespace = Shape<typeof en>;

export const NOTIFICATION_MESSAGES: Readonly<Record<Language, NotificationNamespace>> = {
  en,
  zh: {
    list: '通知与公告',
    markAllRead: '全部标为已读',
    allRead: '所有通知已标为已读',
    empty: '暂无通知。',
    emptyText: '充值、提现、认证结果和公告会显示在这里。',
    unread: '未读',
    announcement: '公告',
    open: '打开',
    inEnglish: '以英文显示：此内容尚无您所用语言的译文。',
    choose: '选择一条通知以阅读。',
    received: '收到时间',
  },
  hk: {
    list: '通知與公告',
    markAllRead: '全部標為已讀',
    allRead: '所有通知已標為已讀',
    empty: '暫無通知。',
    emptyText: '充值、提現、認證結果和公告會顯示在這裡。',
    unread: '未讀',
    announcement: '公告',
    open: '打開',
    inEnglish: '以英文顯示：此內容尚無您所用語言的譯文。',
    choose: '選擇一條通知以閱讀。',
    received: '收到時間',
  },
  jp: {
    list: '通知とお知らせ',
    markAllRead: 'すべて既読にする',
    allRead: 'すべての通知を既読にしました',
    empty: '通知はまだありません。',
    emptyText: '入金、出金、本人確認の結果、お知らせがここに表示されます。',
    unread: '未読',
    announcement: 'お知らせ',
    open: '開く',
    inEnglish: '英語で表示しています：お使いの言語の翻訳はまだありません。',
    choose: '読む通知を選んでください。',
    received: '受信日時',
  },
  kr: {
    list: '알림 및 공지',
    markAllRead: '모두 읽음으로 표시',
    allRead: '모든 알림을 읽음으로 표시했습니다',
    empty: '아직 알림이 없습니다.',
    emptyText: '입금, 출금, 인증 결과와 공지가 여기에 표시됩니다.',
    unread: '읽지 않음',
    announcement: '공지',
    open: '열기',
    inEnglish: '영어로 표시됩니다: 아직 사용하시는 언어의 번역이 없습니다.',
    choose: '읽을 알림을 선택하세요.',
    received: '받은 시간',
  },
  de: {
    list: 'Benachrichtigungen und Ankündigungen',
    markAllRead: 'Alle als gelesen markieren',
    allRead: 'Alle Benachrichtigungen sind als gelesen markiert',
    empty: 'Noch keine Benachrichtigungen.',
    emptyText: 'Einzahlungen, Auszahlungen, Ergebnisse der Verifizierung und Ankündigungen erscheinen hier.',
    unread: 'Ungelesen',
    announcement: 'Ankündigung',
    open: 'Öffnen',
    inEnglish: 'Auf Englisch angezeigt: Eine Übersetzung in Ihre Sprache gibt es noch nicht.',
    choose: 'Wählen Sie eine Benachrichtigung aus, um sie zu lesen.',
    received: 'Erhalten',
  },
  fr: {
    list: 'Notifications et annonces',
    markAllRead: 'Tout marquer comme lu',
    allRead: 'Toutes les notifications sont marquées comme lues',
    empty: 'Aucune notification pour le moment.',
    emptyText: 'Les dépôts, retraits, résultats de vérification et annonces apparaîtront ici.',
    unread: 'Non lu',
    announcement: 'Annonce',
    open: 'Ouvrir',
    inEnglish: 'Affiché en anglais : il n’existe pas encore de traduction dans votre langue.',
    choose: 'Choisissez une notification pour la lire.',
    received: 'Reçu le',
  },
  it: {
    list: 'Notifiche e annunci',
    markAllRead: 'Segna tutto come letto',
    allRead: 'Tutte le notifiche sono segnate come lette',
    empty: 'Nessuna notifica per ora.',
    emptyText: 'Depositi, prelievi, esiti della verifica e annunci appariranno qui.',
    unread: 'Non letto',
    announcement: 'Annuncio',
    open: 'Apri',
    inEnglish: 'Mostrato in inglese: non esiste ancora una traduzione nella tua lingua.',
    choose: 'Scegli una notifica per leggerla.',
    received: 'Ricevuto',
  },
};
