import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  messageId: string | null;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A mail server that accepts every message and keeps it, on 127.0.0.1: just enough SMTP (EHLO, MAIL, RCPT,
 * DATA, RSET, NOOP, QUIT) for nodemailer, so a test counts what the shop really sent, by Message-ID.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? null;
          received.push({ messageId, to, raw });
          to = [];
          socket.write('250 OK queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT') {
          to.push(line.slice(8).trim());
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
          return;
        } else if (verb === 'RSET') {
          to = [];
          socket.write('250 OK\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
