import { spawn } from 'node:child_process';
import { phpSpawnOptions, type SiteUser } from './site-user';

export interface PhpRunResult {
  stdout: string;
  stderr: string;
}

export class PhpRunError extends Error {
  constructor(
    message: string,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

const MAX_OUTPUT = 16 * 1024 * 1024;

/**
 * Runs the PHP CLI as the sites' user with the minimal environment. `input` goes to its stdin, so
 * secrets never sit in a file or on a command line. Rejects with PhpRunError on a non-zero exit, a
 * timeout or too much output.
 */
export function runPhp(
  php: string,
  args: string[],
  opts: { user: SiteUser; cwd: string; input?: string; timeoutMs: number },
): Promise<PhpRunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(php, args, {
      ...phpSpawnOptions(opts.user),
      cwd: opts.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let failure: string | undefined;
    const stop = (reason: string) => {
      failure ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(`PHP did not finish within ${opts.timeoutMs} ms`), opts.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.length > MAX_OUTPUT) stop('PHP printed too much output');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-MAX_OUTPUT);
    });
    child.once('error', (error) => stop(error.message));
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (!failure && code === 0) return resolve({ stdout, stderr });
      reject(new PhpRunError(failure ?? `PHP exited with ${code ?? signal}`, stdout, stderr));
    });
    // A child that exits without reading stdin closes the pipe: that is not our failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.input ?? '');
  });
}
