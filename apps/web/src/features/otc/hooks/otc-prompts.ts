import type { OtcPreview } from '../model/otc-preview';

/** What the user confirms before a trade: its preview, and whether the rates are new ones. */
export interface OtcConfirmation {
  preview: OtcPreview;
  /** The first quote expired or was used: these are fresh rates, confirmed again. */
  requoted: boolean;
}

/**
 * How a layout asks and tells the user during the OTC flow. The hook takes these instead of
 * calling a UI kit, so the mobile form passes its dialogs and toasts and a desktop layout can
 * pass its own to the very same flow.
 */
export interface OtcPrompts {
  /** Demo mode's first-investment warning (docs/product.md §4); resolves true to go on. */
  confirmDemo: () => Promise<boolean>;
  confirm: (details: OtcConfirmation) => Promise<boolean>;
  /** A short success message. */
  notify: (message: string) => void;
}
