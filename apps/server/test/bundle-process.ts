import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_BUNDLE, SERVER_DIST } from '../../../scripts/build-server-if-changed.mjs';

/** The repository's root, where `npm start` runs. */
export const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The bundle npm start runs (test/global-setup.ts builds it, as npm start does, when the sources changed). */
export const MAIN = path.join(ROOT, SERVER_DIST, SERVER_BUNDLE);

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface BundleProcess {
  child: ChildProcess;
  /** Everything it printed so far, both streams. */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * The server as `npm start` runs it on the embedded default: node itself is the server (the
 * prebuilt bundle), so signals reach it directly; on 127.0.0.1:`port`, data in `dataDir`, `env`
 * on top.
 */
export function startBundle(dataDir: string, port: number, env: Record<string, string> = {}): BundleProcess {
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}
