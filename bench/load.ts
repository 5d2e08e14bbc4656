import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSec: number;
  warmupSec: number;
}

export interface LoadResult {
  reqPerSec: number;
  p99Ms: number;
  maxMs: number;
  avgMs: number;
  requests: number;
  /** Non-2xx responses, socket errors and timeouts together: any of them spoils the run. */
  failures: number;
}

async function measure(opts: LoadOptions): Promise<LoadResult> {
  const base = { url: opts.url, headers: opts.headers, connections: opts.connections };
  if (opts.warmupSec > 0) await autocannon({ ...base, duration: opts.warmupSec });
  const r = await autocannon({ ...base, duration: opts.durationSec });
  return {
    reqPerSec: r.requests.average,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    avgMs: r.latency.average,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
  };
}

/**
 * Runs autocannon in a child process so the load generator does not share an event loop with
 * the servers under test; resolves with the measured (post-warm-up) numbers.
 */
export function runLoad(opts: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--child'], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const limit = (opts.warmupSec + opts.durationSec + 15) * 1000;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`load run for ${opts.url} did not finish in ${limit / 1000} s`));
    }, limit);
    child.once('message', (msg: { result?: LoadResult; error?: string }) => {
      clearTimeout(timer);
      if (msg.result) resolve(msg.result);
      else reject(new Error(msg.error ?? 'load run failed'));
    });
    // 'close' comes after every IPC message was delivered ('exit' can overtake the result).
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`load process exited with code ${code}`));
    });
    child.send(opts);
  });
}

if (process.argv.includes('--child') && process.send) {
  process.once('message', (opts: LoadOptions) => {
    measure(opts)
      .then((result) => process.send?.({ result }, () => process.exit(0)))
      .catch((err: unknown) => process.send?.({ error: String(err) }, () => process.exit(1)));
  });
}
