/** Back-office operators for the journeys: made with the ops CLI (`npm run ops -- operator create`), as a deployment makes its first one. */
import { spawn } from 'node:child_process';
import type { Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { ROOT, sleep } from './config';
import { serverBundles } from './server';

/** A back-office operator's sign-in: e-mail, password and role (admin, finance, compliance, support). */
export interface OperatorAccount {
  email: string;
  password: string;
  role: string;
}

/** An operator as created: with the TOTP secret their authenticator app holds. */
export interface Operator extends OperatorAccount {
  secret: string;
}

/**
 * Creates an operator in the database of a server about to start (startServer's `before`, with its
 * settings: the same DATA_DIR or DATABASE_URL), through the real CLI; the password goes in on
 * standard input. Answers the TOTP secret the CLI prints once.
 */
export async function createOperatorWithCli(
  env: NodeJS.ProcessEnv,
  { email, password, role }: OperatorAccount,
): Promise<Operator> {
  const { ops } = await serverBundles();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [ops, 'operator', 'create', '--email', email, '--role', role, '--password-stdin'],
      {
        cwd: ROOT,
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (b) => {
      out += b;
    });
    child.stderr.on('data', (b) => {
      out += b;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const secret = /TOTP secret \(shown once[^)]*\): ([A-Z2-7]+)/.exec(out)?.[1];
      if (code !== 0 || !secret) reject(new Error(`ops operator create failed (exit ${code}):\n${out}`));
      else resolve({ email, password, role, secret });
    });
    child.stdin.end(`${password}\n`);
  });
}

/**
 * A TOTP code of `secret` that the server has not seen yet: a code works once per 30-second step,
 * so after `usedStep` (the step of the code used last) this waits for the next step.
 * Answers the code and its step.
 */
export async function freshTotp(secret: string, usedStep = -1): Promise<{ code: string; step: number }> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    if (step > usedStep) return { code: generateSync({ secret, epoch: Math.floor(Date.now() / 1000) }), step };
    await sleep(500);
  }
}

/** Fills the back office's sign-in at `baseUrl` for `operator` with a 6-digit `code` and submits it. */
export async function signInOperator(
  page: Page,
  baseUrl: string,
  operator: OperatorAccount,
  code: string,
): Promise<void> {
  await page.goto(`${baseUrl}/admin/`);
  await page.getByRole('heading', { name: 'Back office sign-in' }).waitFor();
  await page.getByLabel('E-mail').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
