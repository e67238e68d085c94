/**
 * The default price source: emits the generator's ticks at their own times while each
 * instrument's session is open, and nothing while it is closed (sessions.ts).
 */
import { INTERVAL_MS, instrumentOf } from '@app/contract';
import type { PriceSink, PriceSource } from './price-source';
import { isOpen, SESSIONS, type SessionDef } from './sessions';
import { generateMinute, simParamsOf, type MinuteTicks, type SimParams } from './simulator';

const MINUTE_MS = INTERVAL_MS['1m'];
/**
 * A pump later than this (a stalled process, a suspended laptop) skips the missed minutes rather
 * than replaying them: they become a gap, like a feed outage, and the series continues.
 */
export const MAX_CATCH_UP_MINUTES = 60;

interface SymbolSim {
  params: SimParams;
  session: SessionDef;
  /** Generator state at the start of the next minute to generate. */
  state: number;
  /** The minute being emitted (or the last one considered, when closed). */
  minute: number;
  current: MinuteTicks | undefined;
  /** Ticks of `current` already emitted. */
  emitted: number;
}

export class SimulatorSource implements PriceSource {
  readonly name = 'simulator';
  readonly regenerable = true;
  private sink: PriceSink | undefined;
  private readonly sims = new Map<string, SymbolSim>();

  /**
   * @param onMinute called when a minute's ticks have all been emitted: the engine stores its
   *   1m candle with the minute's start state.
   */
  constructor(
    readonly seed: number,
    readonly symbols: readonly string[],
    private readonly onMinute: (symbol: string, minute: MinuteTicks) => void,
  ) {}

  /** Continues `symbol` from generator state `state` at the start of minute `fromMinute`. */
  resume(symbol: string, state: number, fromMinute: number): void {
    const inst = instrumentOf(symbol)!;
    this.sims.set(symbol, {
      params: simParamsOf(symbol),
      session: SESSIONS[inst.session],
      state,
      minute: fromMinute - 1,
      current: undefined,
      emitted: 0,
    });
  }

  isRunning(symbol: string): boolean {
    return this.sims.has(symbol);
  }

  start(sink: PriceSink): void {
    this.sink = sink;
  }

  stop(): void {
    this.sink = undefined;
  }

  /** The minute being emitted for `symbol`, if its market is open (tickAtOrBefore reads it). */
  currentMinute(symbol: string): MinuteTicks | undefined {
    return this.sims.get(symbol)?.current;
  }

  pump(nowMs: number): void {
    const sink = this.sink;
    if (!sink) return;
    const nowMinute = Math.floor(nowMs / MINUTE_MS);
    for (const [symbol, sim] of this.sims) {
      if (nowMinute - sim.minute > MAX_CATCH_UP_MINUTES) {
        this.finishMinute(symbol, sim, sink);
        sim.minute = nowMinute - 1;
      }
      while (sim.minute < nowMinute) {
        this.finishMinute(symbol, sim, sink);
        sim.minute += 1;
        if (isOpen(sim.session, sim.minute * MINUTE_MS)) {
          sim.current = generateMinute(this.seed, sim.params, sim.minute, sim.state);
          sim.emitted = 0;
        }
      }
      if (sim.current) this.emitUpTo(symbol, sim, nowMs - sim.minute * MINUTE_MS, sink);
    }
  }

  private finishMinute(symbol: string, sim: SymbolSim, sink: PriceSink): void {
    const m = sim.current;
    if (!m) return;
    this.emitUpTo(symbol, sim, MINUTE_MS, sink);
    sim.state = m.endState;
    sim.current = undefined;
    this.onMinute(symbol, m);
  }

  private emitUpTo(symbol: string, sim: SymbolSim, offsetMs: number, sink: PriceSink): void {
    const m = sim.current!;
    const base = m.minute * MINUTE_MS;
    while (sim.emitted < m.offsets.length && m.offsets[sim.emitted]! <= offsetMs) {
      const i = sim.emitted++;
      sink.tick({ symbol, time: base + m.offsets[i]!, price: m.prices[i]!, amount: m.amounts[i]! });
    }
  }
}
