import { createServer, type Server } from 'node:net';

/** A listener on a port the OS chose on the loopback interface, and that port. */
function listenOnFreePort(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });
}

/** Asks the OS for a free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

/**
 * `count` distinct free TCP ports on the loopback interface: all are held open until every one is
 * chosen, since a port asked for and closed at once may be handed out again by the next ask (a
 * stack once gave its worker and its OCR stage the same port).
 */
export async function freePorts(count: number): Promise<number[]> {
  const held = await Promise.all(Array.from({ length: count }, () => listenOnFreePort()));
  await Promise.all(held.map(({ server }) => new Promise((resolve) => server.close(resolve))));
  return held.map(({ port }) => port);
}
