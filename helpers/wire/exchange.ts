/**
 * One HTTP exchange with the target, as the suite keeps it: for assertions, for evidence in reports,
 * and for a curl reproduction. Key values never leave this module unredacted.
 */

export interface ExchangeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Body as sent, already serialized. */
  body?: string;
}

export interface Exchange {
  request: ExchangeRequest;
  status: number;
  headers: Record<string, string>;
  /** Raw response body. */
  body: Buffer;
  /** Milliseconds between sending and the full body. */
  durationMs: number;
  /** When the request was sent (ms since the epoch): the consistency ledger compares sightings by time. */
  sentAt?: number;
  /** Set on a retry of the exchange before it: 1 for the first retry, 2 for the second. */
  retryAttempt?: number;
  /** Made by another test of the run and reused here (helpers/data/shared-sweeps.ts): not a request of this test. */
  shared?: true;
}

const BODY_EVIDENCE_LIMIT = 4_000;
const KEY_HEADER = 'x-api-key';

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = name.toLowerCase() === KEY_HEADER ? '$API_KEY' : value;
  }
  return out;
}

function truncate(text: string): string {
  return text.length > BODY_EVIDENCE_LIMIT
    ? `${text.slice(0, BODY_EVIDENCE_LIMIT)}… [${text.length - BODY_EVIDENCE_LIMIT} more characters]`
    : text;
}

function bodyText(exchange: Exchange): string {
  const type = exchange.headers['content-type'] ?? '';
  if (/pdf|octet-stream/i.test(type)) return `[${exchange.body.length} bytes of ${type}]`;
  return truncate(exchange.body.toString('utf8'));
}

/** Evidence for reports: headers and bodies, keys replaced by `$API_KEY`, long bodies truncated. */
export function exchangeEvidence(exchange: Exchange): object {
  return {
    request: {
      method: exchange.request.method,
      url: exchange.request.url,
      headers: redactHeaders(exchange.request.headers),
      ...(exchange.request.body === undefined ? {} : { body: truncate(exchange.request.body) }),
    },
    response: { status: exchange.status, headers: exchange.headers, body: bodyText(exchange) },
    durationMs: exchange.durationMs,
    ...(exchange.retryAttempt === undefined ? {} : { retryAttempt: exchange.retryAttempt }),
    ...(exchange.shared ? { shared: true } : {}),
  };
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * A ready-to-run curl command; the key stays in the caller's `$API_KEY` variable. `network`: options for
 * the network path (helpers/run/network.ts, curlNetworkOptions), naming settings, never their values.
 */
export function curlCommand(request: ExchangeRequest, network: readonly string[] = []): string {
  const parts = ['curl', '-sS', '-i', ...network, '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    parts.push(
      '-H',
      name.toLowerCase() === KEY_HEADER ? `"${name}: $API_KEY"` : shellQuote(`${name}: ${value}`),
    );
  }
  if (request.body !== undefined) parts.push('--data-binary', shellQuote(request.body));
  return parts.join(' ');
}
