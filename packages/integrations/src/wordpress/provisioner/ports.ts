import net from 'node:net';
import { WordPressHostError } from '../errors';
import type { WordPressHost } from '../types';
import { usedPorts } from './info-file';

async function portIsFree(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: address, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The first port from `host.firstPort` that no site records and nothing listens on. */
export async function allocatePort(host: WordPressHost): Promise<number> {
  const used = await usedPorts(host);
  for (let port = host.firstPort; port <= 65535; port++) {
    if (!used.has(port) && (await portIsFree(host.bindAddress, port))) return port;
  }
  throw new WordPressHostError(
    'PROVISION_FAILED',
    `No free port from ${host.firstPort} on ${host.bindAddress}`,
  );
}
