import { Type, type Static } from 'typebox';
import { Envelope, NullableEpochMs, withError } from './common';
import {
  GUIDE_STEPS,
  HOME_SHORTCUT_KEYS,
  SHORTCUT_LABEL_MAX,
  SHORTCUT_POSITION_MAX,
  SHORTCUT_TARGET_MAX,
  SHORTCUT_TARGET_PATTERN,
} from '../home-shortcuts';

/**
 * The home page's shortcuts (docs/product.md §1; docs/content.md "Home shortcuts";
 * docs/decisions/0153-home-shortcuts-configured-by-operators.md): the eight of the product document, each shown
 * or hidden, labelled and pointed at an app page by operators. Cloud Mining Pool is hidden until
 * an operator shows it: the product offers no mining.
 */
export const HomeShortcutKeySchema = Type.Enum(HOME_SHORTCUT_KEYS);

export const ShortcutTarget = Type.String({
  minLength: 8,
  maxLength: SHORTCUT_TARGET_MAX,
  pattern: SHORTCUT_TARGET_PATTERN,
  ...withError('SHORTCUT_TARGET_INVALID'),
});

const Label = Type.String({ minLength: 1, maxLength: SHORTCUT_LABEL_MAX, pattern: '^\\S(.*\\S)?$' });
/** An operator's label per language; a language without one shows the English label, or the app's own name. */
export const ShortcutLabels = Type.Object(
  {
    en: Type.Optional(Label),
    zh: Type.Optional(Label),
    'zh-HK': Type.Optional(Label),
    ja: Type.Optional(Label),
    ko: Type.Optional(Label),
    de: Type.Optional(Label),
    fr: Type.Optional(Label),
    it: Type.Optional(Label),
  },
  { additionalProperties: false },
);
export type ShortcutLabels = Static<typeof ShortcutLabels>;

/** A shortcut the home page shows: its operator label in the request's language (null: the app's own name) and its page. */
export const HomeShortcut = Type.Object({
  key: HomeShortcutKeySchema,
  label: Type.Union([Type.String(), Type.Null()]),
  target: Type.String(),
});
export type HomeShortcut = Static<typeof HomeShortcut>;
/** `home/shortcuts`: the shown shortcuts, in their order. */
export const HomeShortcutsResponse = Envelope(Type.Array(HomeShortcut));

/** A shortcut as operators set it. */
export const HomeShortcutSave = Type.Object(
  {
    key: HomeShortcutKeySchema,
    visible: Type.Boolean(),
    position: Type.Integer({ minimum: 0, maximum: SHORTCUT_POSITION_MAX }),
    labels: ShortcutLabels,
    target: ShortcutTarget,
  },
  { additionalProperties: false },
);
export type HomeShortcutSave = Static<typeof HomeShortcutSave>;

export const AdminHomeShortcut = Type.Object({
  key: HomeShortcutKeySchema,
  visible: Type.Boolean(),
  position: Type.Integer(),
  labels: ShortcutLabels,
  target: Type.String(),
  updatedAt: NullableEpochMs,
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});
export type AdminHomeShortcut = Static<typeof AdminHomeShortcut>;
export const AdminHomeShortcutsResponse = Envelope(Type.Array(AdminHomeShortcut));
export const AdminHomeShortcutResponse = Envelope(AdminHomeShortcut);

/** The novice guide's progress (docs/content.md "Novice guide"): each step of GUIDE_STEPS done or not. */
export const GuideProgress = Type.Object({
  steps: Type.Array(Type.Object({ key: Type.Enum(GUIDE_STEPS), done: Type.Boolean() })),
  done: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
});
export type GuideProgress = Static<typeof GuideProgress>;
export const GuideProgressResponse = Envelope(GuideProgress);
