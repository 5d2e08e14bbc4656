import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { ExecuteSql } from './create-db';

/**
 * Messages between the processes that share a database (Postgres LISTEN/NOTIFY), or within the one
 * process that owns the embedded database. A subscriber is told `null` when messages may have been
 * missed (the listening connection broke or came back): it must then forget what it cached.
 */
export interface Notifier {
  /**
   * Sends `payload` to every subscriber of `channel`. With `via` (a transaction's executeSql) the
   * message goes out when that transaction commits, and not at all if it rolls back.
   */
  publish(channel: string, payload: string, via?: ExecuteSql): Promise<void>;
  subscribe(channel: string, onMessage: (payload: string | null) => void): () => void;
  /** False while messages could be missed; caches that depend on them must not be trusted then. */
  healthy(): boolean;
  close(): Promise<void>;
}

/** The embedded database has one process: an in-memory bus is the whole story. */
export function localNotifier(): Notifier {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return {
    publish: async (channel, payload) => void bus.emit(channel, payload),
    subscribe(channel, onMessage) {
      bus.on(channel, onMessage);
      return () => bus.off(channel, onMessage);
    },
    healthy: () => true,
    close: async () => void bus.removeAllListeners(),
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

const HEARTBEAT_CHANNEL = 'blogfleet_heartbeat';
/** The listener proves it still hears: it sends itself a message this often… */
const HEARTBEAT_EVERY_MS = 5_000;
/** …and counts as deaf (a half-open connection says nothing) when none arrived for this long. */
const HEARTBEAT_DEADLINE_MS = 15_000;

/**
 * LISTEN on a dedicated connection (outside the pool), reconnecting with backoff when it breaks;
 * NOTIFY through the pool. Until the listener is (re)connected, `healthy()` is false.
 */
export function postgresNotifier(
  connectionString: string,
  publishVia: (text: string, values: unknown[]) => Promise<unknown>,
  onError?: (error: Error, where: string) => void,
): Notifier {
  const listeners = new Map<string, Set<(payload: string | null) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let live = false;
  let closed = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | null = null;
  let lastHeard = 0;
  let beat: NodeJS.Timeout | null = null;

  const tellAll = (payload: string | null) => {
    for (const set of listeners.values()) for (const fn of set) fn(payload);
  };

  const lost = (err: Error) => {
    if (!live && !client) return;
    live = false;
    onError?.(err, 'notification listener');
    client?.removeAllListeners();
    client?.end().catch(() => undefined);
    client = null;
    tellAll(null);
    schedule();
  };

  const schedule = () => {
    if (closed || retryTimer || listeners.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  const connect = (): Promise<void> => {
    if (closed || live) return Promise.resolve();
    connecting ??= (async () => {
      const c = new pg.Client({
        connectionString,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        application_name: 'blogfleet-listener',
      });
      c.on('error', (err) => lost(err));
      c.on('end', () => lost(new Error('listener connection ended')));
      try {
        await c.connect();
        for (const channel of [...listeners.keys(), HEARTBEAT_CHANNEL]) {
          await c.query(`LISTEN ${quoteIdent(channel)}`);
        }
        c.on('notification', (msg) => {
          if (msg.channel === HEARTBEAT_CHANNEL) return void (lastHeard = Date.now());
          for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? '');
        });
        client = c;
        live = true;
        retryMs = 500;
        lastHeard = Date.now();
        beat ??= setInterval(() => {
          if (!live || closed) return;
          if (Date.now() - lastHeard > HEARTBEAT_DEADLINE_MS) {
            return lost(new Error('notification listener stopped hearing its heartbeat'));
          }
          publishVia('SELECT pg_notify($1, $2)', [HEARTBEAT_CHANNEL, '']).catch(() => undefined);
        }, HEARTBEAT_EVERY_MS);
        beat.unref();
        // Whatever happened while nobody listened is unknown.
        tellAll(null);
      } catch (err) {
        c.removeAllListeners();
        await c.end().catch(() => undefined);
        onError?.(err as Error, 'notification listener');
        schedule();
      }
    })().finally(() => (connecting = null));
    return connecting;
  };

  return {
    async publish(channel, payload, via) {
      await (via ?? publishVia)('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(channel, onMessage) {
      const first = !listeners.has(channel);
      if (first) listeners.set(channel, new Set());
      listeners.get(channel)!.add(onMessage);
      if (client && live && first)
        client.query(`LISTEN ${quoteIdent(channel)}`).catch((e) => lost(e as Error));
      else void connect();
      return () => listeners.get(channel)?.delete(onMessage);
    },
    healthy: () => live && Date.now() - lastHeard <= HEARTBEAT_DEADLINE_MS,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (beat) clearInterval(beat);
      live = false;
      const c = client;
      client = null;
      c?.removeAllListeners();
      await c?.end().catch(() => undefined);
    },
  };
}
