/**
 * What the reference-over-HTTP tests share: a reference server per test file, listening on a free port, and
 * the calls and assertions made against it. `server` and `base` are live bindings: set by the file's `before`
 * hook, read in its tests.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { createReferenceServer, type ReferenceServer } from '../reference/server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export const NOW = '2026-03-15T09:00:00Z';
export const P = '/api/v2/external';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export interface Reply {
  status: number;
  headers: Headers;
  body: Json;
}

export let server: ReferenceServer;
export let base: string;
let close: () => Promise<void>;

export async function call(
  path: string,
  options: { key?: string | null; method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? server.keys.all : options.key;
  if (key !== null) headers['x-api-key'] = key;
  const response = await fetch(`${base}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body,
  });
  const text = await response.text();
  let body: Json = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body };
}

export function assertProblem(reply: Reply, status: number, code: string): void {
  assert.equal(reply.status, status, JSON.stringify(reply.body));
  assert.equal(reply.headers.get('content-type'), 'application/problem+json');
  const body = reply.body;
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(body.type, `/errors/${code.replace(/_/g, '-')}`);
  assert.equal(typeof body.title, 'string');
  assert.equal(body.requestId, reply.headers.get('x-request-id'));
}

export function assertRateLimitHeaders(reply: Reply): void {
  for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
    assert.match(reply.headers.get(name) ?? '', /^\d+$/, name);
  }
}

export async function allPages(path: string, key?: string): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page += 1) {
    const sep = path.includes('?') ? '&' : '?';
    const reply = await call(`${path}${sep}itemsPerPage=100&currentPage=${page}`, { key });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    items.push(...reply.body.data);
    if (!reply.body.pagination.hasMore) return items;
  }
}

/** Starts the reference before the tests of the calling file, and closes it after. */
export function serveReference(): void {
  before(async () => {
    server = createReferenceServer({ now: NOW });
    const listening = await server.listen(0);
    base = listening.url;
    close = listening.close;
  });
  after(() => close());
}
