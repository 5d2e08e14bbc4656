import { Worker } from 'node:worker_threads';
import { DatabaseUnavailableError } from '../errors';
import type { QueryResult, Request, Response, SerializedError } from './protocol';

export interface PGliteThreadOptions {
  /** A directory, or `memory://`. */
  location: string;
  /** How long a caller waits for the one connection before the database counts as unavailable. */
  acquireTimeoutMs: number;
  /** Told about a worker that died; the next query starts a new one. */
  onError?: (error: Error) => void;
  /**
   * A statement still running after this long is stopped the only way PGlite can be: its thread is
   * ended (and replaced; the data on disk survives as after a crash).
   */
  statementTimeoutMs?: number;
}

/** A request without its id (Omit over each member of the union). */
type RequestBody = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

type Pending = { worker: Worker; resolve: (r: QueryResult) => void; reject: (e: Error) => void };
type Waiter = { grant: () => void; timer: NodeJS.Timeout };

/**
 * The worker: the bundle's sibling in a build (a tsup entry), or, when running from TypeScript source
 * (tests, bench, `npm run dev`), the source file loaded through tsx's loader inside the thread.
 */
function newWorker(workerData: unknown): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', here), { workerData });
  const source = new URL('./worker.ts', here).href;
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

/** A Postgres error as the pg driver would throw it, so the same error mapping works for both. */
function toError(e: SerializedError): Error {
  return Object.assign(new Error(e.message), e);
}

/**
 * PGlite on a worker thread, behind one connection: PGlite is a single session, so whoever holds the
 * lease (a Kysely connection or transaction, a pg-boss statement) runs alone; others queue, and give up
 * with DatabaseUnavailableError after `acquireTimeoutMs`. A worker that dies is replaced on next use,
 * except that the lease held at that moment stays broken until released (its transaction died with the
 * worker; later statements must not quietly autocommit on the new one), and an in-memory database is
 * not replaced at all (a new one would be empty).
 */
export class PGliteThread {
  readonly #opts: PGliteThreadOptions;
  #worker: Promise<Worker> | null = null;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #held = false;
  #waiters: Waiter[] = [];
  #closed = false;
  /** The held lease outlived its worker. */
  #leaseBroken = false;
  /** Why the database cannot come back (an in-memory one that died). */
  #gone: string | null = null;

  constructor(opts: PGliteThreadOptions) {
    this.#opts = opts;
  }

  /** Starts the worker now, so that a bad data directory fails the start instead of the first request. */
  async start(): Promise<void> {
    await this.#ensureWorker();
  }

  #ensureWorker(): Promise<Worker> {
    if (this.#closed) return Promise.reject(new DatabaseUnavailableError('The database is closed'));
    if (this.#gone) return Promise.reject(new DatabaseUnavailableError(this.#gone));
    this.#worker ??= this.#spawn();
    return this.#worker;
  }

  #spawn(): Promise<Worker> {
    const worker = newWorker({ type: 'init', location: this.#opts.location });
    const started = new Promise<Worker>((resolve, reject) => {
      const onMessage = (msg: Response) => {
        if (msg.id !== 0) return this.#settle(msg);
        if ('type' in msg && msg.type === 'ready') resolve(worker);
        else if ('type' in msg && msg.type === 'init-failed') reject(toError(msg.error));
      };
      worker.on('message', onMessage);
      worker.once('error', (err) => {
        reject(err);
        this.#lost(worker, err);
      });
      worker.once('exit', (code) => {
        const err = new DatabaseUnavailableError(`The embedded database thread exited (code ${code})`);
        reject(err);
        this.#lost(worker, err);
      });
    });
    started.catch(() => undefined);
    return started;
  }

  #lost(worker: Worker, err: Error) {
    // 'error' and 'exit' both arrive for one death; only the first counts.
    if (this.#dead.has(worker)) return;
    this.#dead.add(worker);
    void this.#worker?.then(
      (current) => {
        if (current === worker) this.#worker = null;
      },
      () => (this.#worker = null),
    );
    if (this.#held) this.#leaseBroken = true;
    if (this.#opts.location.startsWith('memory://') && !this.#closed) {
      this.#gone = `The in-memory database was lost with its thread: ${err.message}`;
    }
    const failure = new DatabaseUnavailableError(`The embedded database stopped: ${err.message}`);
    for (const [id, p] of this.#pending) {
      if (p.worker !== worker) continue;
      this.#pending.delete(id);
      p.reject(failure);
    }
    if (!this.#closed) this.#opts.onError?.(err);
  }

  readonly #dead = new WeakSet<Worker>();

  #settle(msg: Response) {
    const p = this.#pending.get(msg.id);
    if (!p) return;
    this.#pending.delete(msg.id);
    if ('ok' in msg && msg.ok) p.resolve(msg.result);
    else if ('ok' in msg) p.reject(toError(msg.error));
  }

  async #send(req: RequestBody): Promise<QueryResult> {
    if (this.#leaseBroken) {
      throw new DatabaseUnavailableError('The embedded database restarted during this transaction');
    }
    const worker = await this.#ensureWorker();
    const id = this.#nextId++;
    const limit = this.#opts.statementTimeoutMs;
    return new Promise<QueryResult>((resolve, reject) => {
      const timer =
        limit && req.type !== 'close'
          ? setTimeout(() => {
              const err = Object.assign(
                new Error(`canceling statement due to statement timeout (${limit} ms)`),
                {
                  code: '57014',
                },
              );
              reject(err);
              // Detach it now, so the next statement goes to a new thread, not this dying one.
              this.#lost(worker, err);
              void worker.terminate();
            }, limit)
          : undefined;
      this.#pending.set(id, {
        worker,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      worker.postMessage({ ...req, id });
    });
  }

  /** Runs one statement with parameters; the caller holds the lease. */
  query(sql: string, params: readonly unknown[] = []): Promise<QueryResult> {
    return this.#send({ type: 'query', sql, params: [...params] });
  }

  /** Runs a script of several statements (simple protocol, no parameters); the caller holds the lease. */
  exec(sql: string): Promise<QueryResult> {
    return this.#send({ type: 'exec', sql });
  }

  /** Waits for the one connection; resolves with its release function. */
  acquire(): Promise<() => void> {
    const release = () => {
      this.#leaseBroken = false;
      const next = this.#waiters.shift();
      if (next) {
        clearTimeout(next.timer);
        next.grant();
      } else this.#held = false;
    };
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve(once(release));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => resolve(once(release)),
        timer: setTimeout(() => {
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
          reject(
            new DatabaseUnavailableError(
              `The embedded database stayed busy for ${this.#opts.acquireTimeoutMs} ms`,
            ),
          );
        }, this.#opts.acquireTimeoutMs),
      };
      this.#waiters.push(waiter);
    });
  }

  /** Runs `fn` while holding the connection. */
  async withConnection<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    const worker = await this.#worker?.catch(() => null);
    if (worker) {
      // Closed before the lease passes on: a statement queued behind the close is refused as such, not
      // sent to a thread that is ending.
      await this.withConnection(async () => {
        try {
          await this.#send({ type: 'close' });
        } finally {
          this.#closed = true;
        }
      }).catch(() => undefined);
      await worker.terminate();
    }
    this.#closed = true;
  }

  /** Test hook: kills the thread as a crash would. */
  async crashForTest(): Promise<void> {
    const worker = await this.#worker?.catch(() => null);
    await worker?.terminate();
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
