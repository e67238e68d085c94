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
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
