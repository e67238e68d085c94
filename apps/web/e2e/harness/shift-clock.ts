/**
 * Preloaded into a journey's own server (startServer({ clockAt })): the process's clock starts at
 * E2E_CLOCK_AT (an ISO instant) and runs on from there, so a journey can rely on a moment, a
 * closed stock market say, whatever the real time. Test harness only; never in the app.
 */
const start = Date.parse(process.env.E2E_CLOCK_AT ?? '');
if (Number.isFinite(start)) {
  const RealDate = Date;
  const offset = start - RealDate.now();
  class ShiftedDate extends RealDate {
    constructor(
      ...args:
        | []
        | [value: number | string | Date]
        | [
            year: number,
            monthIndex: number,
            date?: number,
            hours?: number,
            minutes?: number,
            seconds?: number,
            ms?: number,
          ]
    ) {
      if (args.length === 0) super(RealDate.now() + offset);
      else if (args.length === 1) super(args[0]);
      else super(...args);
    }
    static override now() {
      return RealDate.now() + offset;
    }
  }
  // A class is constructed only: `Date()` called as a function (the time as a string) would throw here.
  // The server never calls it so; the assertion says that DateConstructor's call signature is not kept.
  globalThis.Date = ShiftedDate as DateConstructor;
}
