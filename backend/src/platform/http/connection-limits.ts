import { Logger } from '@nestjs/common';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { AppConfig } from '../../config/app-config';

/** How often at most a refused connection is logged (a flood would otherwise flood the log). */
const REFUSAL_LOG_INTERVAL_MS = 10_000;

/**
 * Limits that keep one client from taking every connection (and so every file descriptor) of the process:
 * a cap on open connections in all and per client address, and time limits on reading a request's headers,
 * on a whole request, and on an idle keep-alive connection. A refused connection is closed at once and
 * counted; the log says so, at most every ten seconds. Connections from trusted proxies (TRUST_PROXY) are
 * not capped per address: many clients share them.
 */
export function applyConnectionLimits(
  server: Server,
  limits: AppConfig['http'],
  isTrustedProxy: (address: string) => boolean,
): { refused: () => number; open: () => number } {
  const logger = new Logger('HTTP');
  server.maxConnections = limits.maxConnections;
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // A connection that sends nothing at all is closed too, not only one that stalls mid-request.
  server.timeout = limits.requestTimeoutMs;
  // Node checks the header and request time limits on this interval (30 s by default, which let a stalled
  // connection live up to half a minute past its limit). Read when the server starts listening.
  // (Node reads the field; its types only declare it as a createServer option.)
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(1000, limits.headersTimeoutMs);

  const perAddress = new Map<string, number>();
  let open = 0;
  let refused = 0;
  let lastLogged = 0;
  const refuse = (socket: Socket, why: string, address: string): void => {
    refused += 1;
    socket.destroy();
    const now = Date.now();
    if (now - lastLogged >= REFUSAL_LOG_INTERVAL_MS) {
      lastLogged = now;
      logger.warn({ msg: 'connection refused', why, address, refusedSoFar: refused, open });
    }
  };
  server.on('drop', () => {
    refused += 1;
    const now = Date.now();
    if (now - lastLogged >= REFUSAL_LOG_INTERVAL_MS) {
      lastLogged = now;
      logger.warn({ msg: 'connection refused', why: `MAX_CONNECTIONS (${limits.maxConnections}) reached`, refusedSoFar: refused, open });
    }
  });
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (!isTrustedProxy(address)) {
      const count = (perAddress.get(address) ?? 0) + 1;
      if (count > limits.maxConnectionsPerClient) {
        refuse(socket, `MAX_CONNECTIONS_PER_CLIENT (${limits.maxConnectionsPerClient}) reached`, address);
        return;
      }
      perAddress.set(address, count);
      socket.once('close', () => {
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left <= 0) perAddress.delete(address);
        else perAddress.set(address, left);
      });
    }
    open += 1;
    socket.once('close', () => (open -= 1));
  });
  return { refused: () => refused, open: () => open };
}
