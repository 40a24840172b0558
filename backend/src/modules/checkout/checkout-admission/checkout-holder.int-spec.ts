import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Request, Response } from 'express';
import { checkoutClientOf, type CheckoutClient } from './checkout-holder';

const COOKIE = `shop_checkout=${'a'.repeat(32)}`;
const REQUEST = `POST /api/create-payment-intent HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${COOKIE}\r\nContent-Length: 0\r\n\r\n`;

/**
 * A real HTTP server whose handler reads the client only once `when` says so, as a checkout queued behind
 * the body parser and the guards does under load.
 */
async function serverReadingClientWhen(
  when: (req: IncomingMessage) => Promise<void>,
): Promise<{ server: Server; port: number; client: Promise<{ client: CheckoutClient; res: ServerResponse }> }> {
  let handOver: (value: { client: CheckoutClient; res: ServerResponse }) => void = () => undefined;
  const client = new Promise<{ client: CheckoutClient; res: ServerResponse }>((resolve) => (handOver = resolve));
  const server = createServer((req, res) => {
    void when(req).then(() => handOver({ client: checkoutClientOf(req as Request, res as unknown as Response, false), res }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, client };
}

function send(port: number): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(REQUEST);
  return socket;
}

/** Sends the request, then resets the connection once it has gone out (as a client that is killed does). */
function sendThenReset(port: number): void {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(REQUEST, () => setTimeout(() => socket.resetAndDestroy(), 20));
}

const stop = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe('checkoutClientOf: the signal that says the client has gone', () => {
  it('given a client that half-closed before its checkout was read, then the signal is aborted at once', async () => {
    const { server, port, client } = await serverReadingClientWhen(
      (req) => new Promise((resolve) => (req.socket.readableEnded ? resolve() : req.socket.once('end', () => resolve()))),
    );
    try {
      send(port).end();
      const { client: seen } = await client;
      expect(seen.signal.aborted).toBe(true);
    } finally {
      await stop(server);
    }
  });

  it('given a client whose connection closed before its checkout was read, then the signal is aborted at once', async () => {
    const { server, port, client } = await serverReadingClientWhen(
      (req) => new Promise((resolve) => (req.socket.destroyed ? resolve() : req.socket.once('close', () => resolve()))),
    );
    try {
      sendThenReset(port);
      const { client: seen } = await client;
      expect(seen.signal.aborted).toBe(true);
    } finally {
      await stop(server);
    }
  });

  it('given a client still waiting, then the signal aborts when it hangs up', async () => {
    const { server, port, client } = await serverReadingClientWhen(async () => undefined);
    try {
      const leaving = send(port);
      const { client: seen } = await client;
      expect(seen.signal.aborted).toBe(false);
      const aborted = new Promise<void>((resolve) => seen.signal.addEventListener('abort', () => resolve()));
      leaving.end();
      await aborted;
      expect(seen.signal.aborted).toBe(true);
    } finally {
      await stop(server);
    }
  });

  it('given a client that hangs up after its answer was sent, then the signal never aborts', async () => {
    const { server, port, client } = await serverReadingClientWhen(async () => undefined);
    try {
      const staying = send(port);
      const answer = new Promise<void>((resolve) => staying.once('data', () => resolve()));
      const { client: seen, res } = await client;
      res.end('{}');
      await answer;
      staying.destroy();
      await new Promise((resolve) => res.socket?.once('close', resolve) ?? resolve(undefined));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen.signal.aborted).toBe(false);
    } finally {
      await stop(server);
    }
  });
});
