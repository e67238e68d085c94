import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DirLockedError, acquireDirLock } from './dir-lock';

describe('data folder lock', () => {
  it('refuses a second holder while the first lives, and takes over a dead one\'s lock', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    const lock = acquireDirLock(dir);
    expect(() => acquireDirLock(dir)).toThrow(DirLockedError);
    expect(() => acquireDirLock(dir)).toThrow(/in use by another server process/);
    lock.release();
    const again = acquireDirLock(dir);
    again.release();

    // A lock file left by a process that is gone.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(path.join(dir, 'server.lock'), dead);
    const taken = acquireDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    taken.release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true });
  });
});
