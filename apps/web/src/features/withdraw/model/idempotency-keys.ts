/**
 * The idempotency key of the withdrawal being confirmed (the transfer's mechanism,
 * features/assets/model/transfer.ts). The same body sent again after its answer was lost (a
 * transport failure) reuses the key, so the server moves the money once; another body, or any
 * confirmation after a definite answer, gets a new key.
 */
export class ConfirmKeys<Body> {
  private pending: { body: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  keyFor(body: Body): string {
    const text = JSON.stringify(body);
    if (this.pending?.body !== text) this.pending = { body: text, key: this.newKey() };
    return this.pending.key;
  }

  /** The server answered (success or a refusal): the next confirmation is a new request. */
  answered(): void {
    this.pending = null;
  }
}
