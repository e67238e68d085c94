/**
 * How a layout asks and tells the user during an order flow. The flow hooks take these instead
 * of calling a UI kit, so the mobile components pass their dialogs and toasts and a
 * desktop layout can pass its own (an antd Modal) to the very same flow.
 */
export interface OrderPrompts<Details> {
  /** Demo mode's first-investment warning (docs/product.md §4); resolves true to go on. */
  confirmDemo: () => Promise<boolean>;
  /** Shows what is about to be sent; resolves true to send it. */
  confirm: (details: Details) => Promise<boolean>;
  /** A short success message. */
  notify: (message: string) => void;
}
