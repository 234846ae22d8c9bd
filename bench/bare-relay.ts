import { createServer } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * The realtime baseline (bench/realtime.ts): a bare `ws` relay in its own process. A socket
 * connects as `/?id=<n>`; `POST /send {to, text}` writes the text to socket `to` and answers.
 * No database, no log, no authentication: what the app's delivery is compared against.
 */
const sockets = new Map<number, WebSocket>();
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk));
  request.on('end', () => {
    const { to, text } = JSON.parse(body) as { to: number; text: string };
    sockets.get(to)?.send(JSON.stringify({ text }));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
const relay = new WebSocketServer({ server });
relay.on('connection', (socket, request) => {
  const id = Number(new URL(request.url ?? '/', 'http://relay').searchParams.get('id'));
  sockets.set(id, socket);
  socket.on('close', () => sockets.delete(id));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});

process.on('message', (message: { memory?: boolean }) => {
  if (!message.memory) return;
  globalThis.gc?.();
  globalThis.gc?.();
  process.send?.({ memory: process.memoryUsage(), sockets: sockets.size });
});
process.on('disconnect', () => process.exit(0));
