/**
 * The end-to-end headers of a message a forwarder passes on (RFC 9110, 7.6.1): without the hop-by-hop ones,
 * which describe one connection only. A forwarder that passed on the target's `Keep-Alive: timeout=120` would
 * tell its client to keep idle connections far longer than it keeps them itself, and the client would send on
 * a connection the forwarder has just closed (a reset, for a request nobody read).
 */
import type { IncomingHttpHeaders } from 'node:http';

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

export function endToEndHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name) && !named.includes(name)),
  );
}
