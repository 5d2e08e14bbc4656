import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { serializeError, type InitMessage, type QueryResult, type Request, type Response } from './protocol';

/**
 * Owns the embedded database on its own thread: PGlite runs queries synchronously in WebAssembly,
 * and on the server's thread a slow list query would stall every other request (health checks included).
 */
const port = parentPort;
if (!port) throw new Error('pglite worker must run as a worker thread');
const init = workerData as InitMessage;

const post = (message: Response) => port.postMessage(message);

// bigint (count(*)) and numeric arrive as JS numbers, as they do from the pg driver (see create-db.ts).
const parsers = { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) };

async function main() {
  let client: PGlite;
  try {
    client = await PGlite.create(init.location, { extensions: { pg_trgm }, parsers });
  } catch (e) {
    post({ id: 0, type: 'init-failed', error: serializeError(e) });
    return;
  }
  port!.on('message', async (req: Request) => {
    try {
      if (req.type === 'close') {
        if (!client.closed) await client.close();
        post({ id: req.id, ok: true, result: { rows: [] } });
        port!.close();
        return;
      }
      let result: QueryResult;
      if (req.type === 'query') {
        const r = await client.query<Record<string, unknown>>(req.sql, req.params);
        result = { rows: r.rows, affectedRows: r.affectedRows };
      } else {
        // Several statements in one text (pg-boss's schema scripts) need the simple protocol.
        const all = await client.exec(req.sql);
        const last = all[all.length - 1];
        result = { rows: (last?.rows ?? []) as Record<string, unknown>[], affectedRows: last?.affectedRows };
      }
      post({ id: req.id, ok: true, result });
    } catch (e) {
      post({ id: req.id, ok: false, error: serializeError(e) });
    }
  });
  post({ id: 0, type: 'ready' });
}

void main();
