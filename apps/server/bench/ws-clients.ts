/**
 * The client side of npm run bench:ws, in its own process: opens N websocket clients on
 * 127.0.0.1, subscribes each to the given symbols, and between 'start' and 'stop' (from the
 * parent over IPC) counts delivered ticks and samples tick-to-client latency.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';

interface Args {
  url: string;
  clients: number;
  symbols: string[];
  /** Parse one frame in this many for latency (counting needs no parse). */
  sampleEvery: number;
}

const args = JSON.parse(process.argv[2]!) as Args;
const SUBSCRIBED = Buffer.from('"eventType":"subscribed"');
const BRACE = 0x7b;
let measuring = false;
let ticks = 0;
let frames = 0;
let frameNo = 0;
let bytes = 0;
const latencies: number[] = [];
const MAX_SAMPLES = 2_000_000;
let subscribedClients = 0;
let errors = 0;
const sockets: WebSocket[] = [];

function count(buf: Buffer, needle: Buffer): number {
  let n = 0;
  for (let i = buf.indexOf(needle); i !== -1; i = buf.indexOf(needle, i + needle.length)) n++;
  return n;
}

/**
 * Ticker messages in a frame, from its '{' bytes: a ticker message has two (itself and its
 * data), a batch one more. Exact for this stream (tickers only; no field holds a brace), and ten
 * times cheaper than searching for "ticker": with a million ticks a second the counting
 * otherwise took a third of the client's core and inflated the latency it measured. Sampled
 * frames are parsed and checked against it.
 */
function countTicks(buf: Buffer): number {
  let braces = 0;
  for (let i = buf.indexOf(BRACE); i !== -1; i = buf.indexOf(BRACE, i + 1)) braces++;
  return braces >> 1;
}
let mismatches = 0;

function open(i: number): Promise<void> {
  return new Promise((resolve) => {
    // A load generator trusts its server: UTF-8 validation of 240 MB/s would make the client, not the server, the bottleneck.
    const ws = new WebSocket(`${args.url}?id=bench-${i}`, { perMessageDeflate: false, skipUTF8Validation: true });
    sockets.push(ws);
    let acks = 0;
    // 20 client messages a second is the server's per-connection limit: subscribe in two steps,
    // the second a second after the server acknowledged the first (on a loaded machine the first
    // batch can reach the server late, and a second batch sent on the client's clock would then
    // land in the same second and be refused).
    const subs = args.symbols.map((s) => JSON.stringify({ methodType: 'SUBSCRIBE', channel: 'realtime', currency: s }));
    const FIRST = 15;
    ws.on('open', () => {
      resolve();
      for (const m of subs.slice(0, FIRST)) ws.send(m);
    });
    ws.on('message', (data: Buffer) => {
      const now = Date.now();
      if (acks < args.symbols.length) {
        const before = acks;
        acks += count(data, SUBSCRIBED);
        if (before < FIRST && acks >= FIRST)
          setTimeout(() => {
            for (const m of subs.slice(FIRST)) ws.send(m);
          }, 1100);
        if (acks >= args.symbols.length) subscribedClients++;
      }
      if (!measuring) return;
      frames++;
      bytes += data.length;
      const n = countTicks(data);
      ticks += n;
      if (++frameNo % args.sampleEvery === 0 && latencies.length < MAX_SAMPLES) {
        const m = JSON.parse(data.toString()) as { eventType: string; data: unknown };
        const list =
          m.eventType === 'batch'
            ? (m.data as { eventType: string; data: { time: number } }[])
            : [m as { eventType: string; data: { time: number } }];
        let parsed = 0;
        for (const x of list) {
          if (x.eventType !== 'ticker') continue;
          parsed++;
          latencies.push(now - x.data.time);
        }
        if (parsed !== n) mismatches++;
      }
    });
    ws.on('error', () => {
      errors++;
      resolve();
    });
  });
}

async function main(): Promise<void> {
  for (let i = 0; i < args.clients; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, args.clients - i) }, (_, k) => open(i + k)));
  }
  const deadline = Date.now() + 60_000;
  while (subscribedClients < args.clients - errors && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  process.send!({ type: 'ready', clients: subscribedClients, errors });
}

let cpuStart = process.cpuUsage();
let wallStart = 0;
/** This process's own event-loop delay: a late tick may have waited here, not in the server. */
const loop = monitorEventLoopDelay({ resolution: 5 });
process.on('message', (m: { type: string }) => {
  if (m.type === 'start') {
    measuring = true;
    ticks = frames = bytes = 0;
    latencies.length = 0;
    cpuStart = process.cpuUsage();
    wallStart = performance.now();
    loop.reset();
    loop.enable();
  } else if (m.type === 'stop') {
    measuring = false;
    loop.disable();
    const wall = (performance.now() - wallStart) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    latencies.sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
    process.send!({
      type: 'result',
      seconds: wall,
      ticks,
      frames,
      bytes,
      samples: latencies.length,
      p50: q(0.5),
      p99: q(0.99),
      max: latencies.at(-1) ?? NaN,
      clientCpu: (cpu.user + cpu.system) / 1e6 / wall,
      open: sockets.filter((s) => s.readyState === WebSocket.OPEN).length,
      mismatches,
      clientLoopP99: loop.percentile(99) / 1e6,
      clientLoopMax: loop.max / 1e6,
    });
  } else if (m.type === 'exit') {
    for (const s of sockets) s.terminate();
    setTimeout(() => process.exit(0), 100);
  }
});

void main();
