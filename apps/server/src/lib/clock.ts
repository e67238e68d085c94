/** The time source. Services take it so tests can move time (code expiry, session expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts where it is told (never at the real time: docs/testing.md "Time"), moves only when told. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start: number) {
    this.t = start;
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}
