import type { Language } from '@app/contract';

/**
 * The time zone setting's strings (i18next namespace `timeZone`), in every language: the profile's
 * switch and the desktop account settings' panel (features/profile/components/time-zone-switch.tsx
 * registers them with its chunk, so no first route carries them).
 */

const en = {
  title: 'Time zone',
  newYorkTime: 'New York time',
  on: 'Every time is shown in New York time (EST/EDT).',
  off: 'Times are shown in your own time zone ({{zone}}).',
};

export type TimeZoneNamespace = { [K in keyof typeof en]: string };

export const TIME_ZONE_MESSAGES: Readonly<Record<Language, TimeZoneNamespace>> = {
  en,
  zh: {
    title: '时区',
    newYorkTime: '纽约时间',
    on: '所有时间均以纽约时间（EST/EDT）显示。',
    off: '时间以您所在的时区（{{zone}}）显示。',
  },
  hk: {
    title: '時區',
    newYorkTime: '紐約時間',
    on: '所有時間均以紐約時間（EST/EDT）顯示。',
    off: '時間以您所在的時區（{{zone}}）顯示。',
  },
  jp: {
    title: 'タイムゾーン',
    newYorkTime: 'ニューヨーク時間',
    on: 'すべての時刻をニューヨーク時間（EST/EDT）で表示します。',
    off: '時刻はお使いのタイムゾーン（{{zone}}）で表示されます。',
  },
  kr: {
    title: '시간대',
    newYorkTime: '뉴욕 시간',
    on: '모든 시간을 뉴욕 시간(EST/EDT)으로 표시합니다.',
    off: '시간은 사용자의 시간대({{zone}})로 표시됩니다.',
  },
  de: {
    title: 'Zeitzone',
    newYorkTime: 'New Yorker Zeit',
    on: 'Alle Zeiten werden in New Yorker Zeit (EST/EDT) angezeigt.',
    off: 'Zeiten werden in Ihrer eigenen Zeitzone ({{zone}}) angezeigt.',
  },
  fr: {
    title: 'Fuseau horaire',
    newYorkTime: 'Heure de New York',
    on: "Toutes les heures sont affichées à l'heure de New York (EST/EDT).",
    off: 'Les heures sont affichées dans votre propre fuseau horaire ({{zone}}).',
  },
  it: {
    title: 'Fuso orario',
    newYorkTime: 'Ora di New York',
    on: "Tutti gli orari sono mostrati nell'ora di New York (EST/EDT).",
    off: 'Gli orari sono mostrati nel tuo fuso orario ({{zone}}).',
  },
};
