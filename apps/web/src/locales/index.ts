import type { Language } from '@app/contract';
import { de } from './de';
import { en, type Messages } from './en';
import { fr } from './fr';
import { hk } from './hk';
import { it } from './it';
import { jp } from './jp';
import { kr } from './kr';
import { zh } from './zh';

export type { Messages };

/** Every UI string, keyed by the client language code (spec §9). */
export const LOCALES: Record<Language, Messages> = { en, zh, hk, jp, kr, de, fr, it };
