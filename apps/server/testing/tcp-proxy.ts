import net from 'node:net';

export interface FaultProxy {
  port: number;
  /** A connection string like `target` but through the proxy. */
  url(target: string): string;
  /** Stop forwarding: connections stay open and every byte is held (a hung database). */
  freeze(): void;
  /** Forward again, delivering what was held. */
  thaw(): void;
  /** Cut every open connection (a restart or failover as the client sees it). */
  cutAll(): void;
  /**
   * The open connections go silent for good (a failover or NAT drop without a reset: bytes are lost,
   * nothing is closed); new connections work normally.
   */
  silenceOpen(): void;
  /** Refuse new connections (the database is down) until `accept()`. */
  refuse(): void;
  accept(): void;
  openConnections(): number;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of a real database, for fault tests: it can hang, cut and refuse
 * connections the way networks and restarts do, and recover. It stops with `close()`.
 */
export async function startFaultProxy(targetHost: string, targetPort: number): Promise<FaultProxy> {
  const pairs = new Set<{ client: net.Socket; server: net.Socket; silent?: boolean }>();
  let frozen = false;
  let refusing = false;
  const held: (() => void)[] = [];

  const pipe = (from: net.Socket, to: net.Socket, pair: { silent?: boolean }) =>
    from.on('data', (chunk) => {
      if (pair.silent) return;
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });

  const proxy = net.createServer((client) => {
    if (refusing) return client.destroy();
    const server = net.connect(targetPort, targetHost);
    const pair: { client: net.Socket; server: net.Socket; silent?: boolean } = { client, server };
    pairs.add(pair);
    pipe(client, server, pair);
    pipe(server, client, pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('close', end).on('error', end);
    server.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as net.AddressInfo).port;

  const cutAll = () => {
    held.length = 0;
    for (const { client, server } of pairs) {
      client.destroy();
      server.destroy();
    }
    pairs.clear();
  };
  return {
    port,
    url(target) {
      const u = new URL(target);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    freeze: () => (frozen = true),
    thaw() {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
    cutAll,
    silenceOpen() {
      for (const pair of pairs) pair.silent = true;
    },
    refuse: () => (refusing = true),
    accept: () => (refusing = false),
    openConnections: () => pairs.size,
    close() {
      cutAll();
      return new Promise((resolve) => proxy.close(() => resolve()));
    },
  };
}
