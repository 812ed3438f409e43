/**
 * What goes on the wire is what the test says (CONTRIBUTING, "A pass is earned"): the suite's own client (helpers/wire/api-client.ts,
 * over a Playwright request context, as the fixtures build it) sends each kind of request the specs make on
 * purpose to a capture server, which records what it received: method, path and query string as received,
 * the headers as received (rawHeaders), the raw bytes of the request head, and the body bytes. Each case
 * names the spec that sends it; the inputs are the specs' own.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { request, type APIRequestContext } from '@playwright/test';
import fc from 'fast-check';
import { ApiClient, type ApiResponse } from '../helpers/wire/api-client';
import type { Exchange } from '../helpers/wire/exchange';
import { malformedJson } from '../helpers/contract/raw-body';

const PREFIX = '/api/v2/external';
const KEY = 'c0ffee'.repeat(10) + 'c0ff';

interface Received {
  method: string;
  /** The request target as received, path and query string undecoded. */
  target: string;
  path: string;
  /** The query string as received (without `?`), undecoded. */
  query: string;
  /** Header names and values as Node parsed them, in order. */
  rawHeaders: string[];
  /** The request head as it came off the socket (request line and header lines). */
  head: string;
  body: Buffer;
}

let context: APIRequestContext;
let server: http.Server;
let baseUrl: string;
const received: Received[] = [];
const exchanges: Exchange[] = [];
/** Bytes of each connection; the server closes every connection after one answer, so one request each. */
const socketBytes = new WeakMap<Socket, Buffer[]>();

before(async () => {
  context = await request.newContext();
  // Large enough for the oversized-header case (a capture must read what a target would refuse).
  server = http.createServer({ maxHeaderSize: 256 * 1024 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const target = req.url ?? '';
      const at = target.indexOf('?');
      const raw = Buffer.concat(socketBytes.get(req.socket) ?? []).toString('latin1');
      received.push({
        method: req.method ?? '',
        target,
        path: at < 0 ? target : target.slice(0, at),
        query: at < 0 ? '' : target.slice(at + 1),
        rawHeaders: req.rawHeaders,
        head: raw.slice(0, raw.indexOf('\r\n\r\n')),
        body: Buffer.concat(chunks),
      });
      // 204: no body, so that no operation schema applies; a fresh connection for the next request.
      res.writeHead(204, { Connection: 'close', 'X-Request-Id': 'capture' });
      res.end();
    });
  });
  server.on('connection', (socket: Socket) => {
    const chunks: Buffer[] = [];
    socketBytes.set(socket, chunks);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  await context.dispose();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * A client as the fixtures build it (helpers/spec/fixtures.ts clientFor), pointed at the capture server; `null`
 * sends no key (the `anonymous` fixture).
 */
function client(key: string | null = KEY): ApiClient {
  return new ApiClient(
    { request: context, baseUrl, timeoutMs: 5_000, record: (e) => exchanges.push(e) },
    key ?? undefined,
  );
}

/** Sends one request and returns what the capture server received for it. */
async function capture(send: () => Promise<ApiResponse>): Promise<Received> {
  const before = received.length;
  const response = await send();
  assert.equal(response.status, 204, 'the capture server answered');
  assert.equal(received.length, before + 1, 'exactly one request reached the capture server');
  return received[before]!;
}

/** Values of a header as received, matched case-insensitively (Node keeps the sender's case in rawHeaders). */
function headerValues(r: Received, name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < r.rawHeaders.length; i += 2)
    if (r.rawHeaders[i]!.toLowerCase() === name.toLowerCase()) out.push(r.rawHeaders[i + 1]!);
  return out;
}

function onlyHeader(r: Received, name: string): string {
  const values = headerValues(r, name);
  assert.equal(values.length, 1, `one ${name} header, received ${JSON.stringify(values)}`);
  return values[0]!;
}

/** The raw `name=value` pairs of the query string, undecoded, in order. */
function rawPairs(r: Received): string[] {
  return r.query === '' ? [] : r.query.split('&');
}

// ------------------------------------------------------------------ bodies

/** Every malformed JSON body of the specs (the argument of each `malformedJson(...)` call, as written there). */
const EVENT_ID = randomUUID();
const MALFORMED: {
  spec: string;
  source: string;
  text: string;
  operation: 'postInstructions' | 'syncPatents';
}[] = [
  {
    spec: 'problems-validation.spec.ts',
    source: `'{"instructions": ['`,
    text: '{"instructions": [',
    operation: 'postInstructions',
  },
  {
    spec: 'problems-validation.spec.ts',
    source: `'{"items": [{"title": }'`,
    text: '{"items": [{"title": }',
    operation: 'syncPatents',
  },
  {
    spec: 'instructions.spec.ts (INS-019)',
    source: '`{"instructions": [{"eventId": "${randomUUID()}", "decision": "PROCEED"}`',
    text: `{"instructions": [{"eventId": "${EVENT_ID}", "decision": "PROCEED"}`,
    operation: 'postInstructions',
  },
  {
    spec: 'sync-inline.spec.ts (SYNC-050)',
    source: `'{"items": [{"title": "Conformance"}'`,
    text: '{"items": [{"title": "Conformance"}',
    operation: 'syncPatents',
  },
];

/** The sync envelope cases whose body is not an object, or holds entries that are not (sync-inline.spec.ts). */
const NON_OBJECT_BODIES: { label: string; body: unknown }[] = [
  { label: 'an array at the top level', body: [{ title: 'Conformance' }] },
  { label: 'an items entry that is a string', body: { items: ['ACME-0001'] } },
  { label: 'an items entry that is a number', body: { items: [42] } },
  { label: 'an items entry that is an array', body: { items: [[{ title: 'x' }]] } },
  { label: 'an items entry that is null', body: { items: [null] } },
  { label: 'items that are an object', body: { items: { title: 'Conformance' } } },
];

void describe('bodies reach the server byte for byte, with the intended content type', () => {
  void test('every malformedJson(...) call of the specs is a case here', () => {
    const specs = path.join(__dirname, '..', 'specs');
    const calls: string[] = [];
    for (const file of fs.readdirSync(specs).filter((f) => f.endsWith('.spec.ts'))) {
      const text = fs.readFileSync(path.join(specs, file), 'utf8');
      for (const match of text.matchAll(/malformedJson\(((?:'[^']*'|`[^`]*`))\)/g)) calls.push(match[1]!);
    }
    assert.ok(calls.length > 0, 'the specs send malformed JSON');
    const covered = new Set(MALFORMED.map((m) => m.source));
    assert.deepEqual(
      calls.filter((c) => !covered.has(c)),
      [],
      'malformed bodies of the specs not checked on the wire',
    );
  });

  for (const { spec, text, operation } of MALFORMED) {
    void test(`${operation} with the malformed body of ${spec}: ${JSON.stringify(text)}`, async () => {
      const bytes = malformedJson(text);
      const r = await capture(() => client().call(operation, { body: bytes }));
      assert.equal(r.method, 'POST');
      assert.equal(
        r.path,
        operation === 'syncPatents' ? `${PREFIX}/patents/sync` : `${PREFIX}/patent-instructions`,
      );
      assert.deepEqual(r.body, bytes, 'the body bytes are the test text, not re-encoded');
      assert.throws(() => JSON.parse(r.body.toString('utf8')) as unknown, SyntaxError, 'and do not parse');
      assert.equal(onlyHeader(r, 'content-type'), 'application/json');
      assert.equal(onlyHeader(r, 'content-length'), String(bytes.length));
    });
  }

  for (const { label, body } of NON_OBJECT_BODIES) {
    void test(`a sync body with ${label}, sent as its JSON text (sync-inline.spec.ts envelope validation)`, async () => {
      const text = JSON.stringify(body);
      const r = await capture(() => client().call('syncPatents', { body: text }));
      assert.equal(r.body.toString('utf8'), text, 'the JSON text itself, not a JSON string literal of it');
      assert.deepEqual(JSON.parse(r.body.toString('utf8')), body, 'which parses to the intended value');
      assert.equal(onlyHeader(r, 'content-type'), 'application/json');
    });
  }

  void test('an object body (keys holding "/" and "~") goes as its JSON text (problems-validation.spec.ts PROB-025)', async () => {
    const body = {
      'meta/data~1': { 'a~b/c': true },
      instructions: [{ eventId: 'not/a~uuid', decision: 'PROCEED', 'note/x~0': 'kept' }],
    };
    const r = await capture(() => client().call('postInstructions', { body }));
    assert.deepEqual(JSON.parse(r.body.toString('utf8')), body);
    assert.equal(onlyHeader(r, 'content-type'), 'application/json');
  });

  void test('a text/plain body keeps its content type and bytes (problems.spec.ts PROB-001)', async () => {
    const bytes = Buffer.from('{"items": []}', 'utf8');
    const r = await capture(() =>
      client().send({
        method: 'POST',
        path: `${PREFIX}/patents/sync`,
        headers: { 'content-type': 'text/plain' },
        body: bytes,
      }),
    );
    assert.deepEqual(headerValues(r, 'content-type'), ['text/plain'], 'no JSON content type added');
    assert.deepEqual(r.body, bytes);
  });

  void test('the freeze PUT ("No body") sends no body and no content type (freezes.spec.ts)', async () => {
    const r = await capture(() => client().call('putExchangeRateFreeze', { path: { yearMonth: '2031-05' } }));
    assert.equal(r.method, 'PUT');
    assert.equal(r.path, `${PREFIX}/exchange-rate-freezes/2031-05`);
    assert.equal(r.body.length, 0);
    assert.deepEqual(headerValues(r, 'content-type'), []);
  });
});

// ------------------------------------------------------------------ query strings and paths

void describe('query strings and paths reach the server as the test builds them', () => {
  const window = { dueFrom: '2020-01-01', dueTo: '2040-12-31' };

  void test('repeat encoding: offices=EP&offices=FR (period.spec.ts)', async () => {
    const r = await capture(() =>
      client().call('listEventsByPeriod', {
        query: { ...window, offices: ['EP', 'FR'], itemsPerPage: 100, currentPage: 1 },
        arrayEncoding: 'repeat',
      }),
    );
    assert.deepEqual(
      rawPairs(r).filter((p) => p.startsWith('offices=')),
      ['offices=EP', 'offices=FR'],
    );
    assert.deepEqual(new URLSearchParams(r.query).getAll('offices'), ['EP', 'FR']);
  });

  void test('comma encoding: one offices parameter whose value is EP,FR once decoded (period.spec.ts)', async () => {
    const r = await capture(() =>
      client().call('listEventsByPeriod', {
        query: { ...window, offices: ['EP', 'FR'] },
        arrayEncoding: 'comma',
      }),
    );
    assert.deepEqual(new URLSearchParams(r.query).getAll('offices'), ['EP,FR']);
  });

  void test('comma encoding: the comma is literal on the wire (offices=EP,FR), as a server splitting the raw value expects', async () => {
    const r = await capture(() =>
      client().call('listEventsByPeriod', {
        query: { ...window, offices: ['EP', 'FR'] },
        arrayEncoding: 'comma',
      }),
    );
    assert.deepEqual(
      rawPairs(r).filter((p) => p.startsWith('offices=')),
      ['offices=EP,FR'],
    );
  });

  void test('path and query values holding "~" and "/" arrive as sent (problems-validation.spec.ts)', async () => {
    const event = await capture(() =>
      client().call('getPatentEvent', { path: { patentId: 'a~b', eventId: 'c~1d' } }),
    );
    assert.equal(event.path, `${PREFIX}/patents/a~b/events/c~1d`);
    const list = await capture(() => client().call('listPatents', { query: { sort: 'no~such/field' } }));
    assert.deepEqual(new URLSearchParams(list.query).getAll('sort'), ['no~such/field']);
  });

  void test('path parameters that are not UUIDs arrive as one path segment each (conventions.spec.ts)', async () => {
    for (const value of ['not-a-uuid', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', '2024-13']) {
      const r = await capture(() => client().call('getPatent', { path: { patentId: value } }));
      assert.equal(r.path, `${PREFIX}/patents/${value}`);
    }
  });
});

// ------------------------------------------------------------------ headers

/** The X-Request-Id values of correlation.spec.ts's arbitrary (CORR-003), sampled with a fixed seed. */
const INBOUND_IDS = fc.sample(fc.stringMatching(/^[\x21-\x7e](?:[\x20-\x7e]{0,62}[\x21-\x7e])?$/), {
  numRuns: 25,
  seed: 14,
});

void describe('headers reach the server as the test sets them', () => {
  void test('a client without a key sends no x-api-key header at all (auth.spec.ts AUTH-005)', async () => {
    const r = await capture(() => client(null).call('listPatents'));
    assert.deepEqual(headerValues(r, 'x-api-key'), []);
  });

  void test('a client with a key sends it once, exactly', async () => {
    const r = await capture(() => client().call('listPatents', { query: { itemsPerPage: 1 } }));
    assert.equal(onlyHeader(r, 'x-api-key'), KEY);
  });

  // The malformed keys of auth.spec.ts (AUTH-002), built from a 64-hex key as there.
  const malformed = [
    { description: 'too short (63 hex)', key: KEY.slice(0, 63) },
    { description: 'too long (65 hex)', key: `${KEY}0` },
    { description: 'non-hex characters', key: `${KEY.slice(0, 60)}zzzz` },
    { description: 'upper-case with a non-hex letter', key: `G${KEY.slice(1).toUpperCase()}` },
  ];
  for (const { description, key } of malformed) {
    void test(`a malformed key (${description}) arrives as sent`, async () => {
      const r = await capture(() => client(key).call('listPatents', { query: { itemsPerPage: 1 } }));
      assert.equal(onlyHeader(r, 'x-api-key'), key);
    });
  }

  void test('a key with surrounding whitespace: on the wire as sent, its value (RFC 9110 5.5) still malformed', async () => {
    const key = ` ${KEY.slice(0, 62)} `;
    const r = await capture(() => client(key).call('listPatents', { query: { itemsPerPage: 1 } }));
    assert.ok(r.head.includes(`\r\nx-api-key: ${key}\r\n`), 'the whitespace is in the bytes sent');
    // The whitespace around a field value is not part of it: a server reads the 62 hex characters, which
    // are no valid key either (the AUTH-002 case stays a malformed key).
    assert.equal(onlyHeader(r, 'x-api-key'), KEY.slice(0, 62));
  });

  void test('an empty X-Request-Id is sent as an empty header, not dropped (correlation.spec.ts CORR-004)', async () => {
    const r = await capture(() =>
      client().call('listPatents', { query: { itemsPerPage: 1 }, headers: { 'X-Request-Id': '' } }),
    );
    assert.deepEqual(headerValues(r, 'x-request-id'), ['']);
    assert.match(r.head, /\r\nX-Request-Id:[ \t]*(?:\r\n|$)/);
  });

  void test('X-Request-Id values of the CORR-003 arbitrary arrive unchanged (inner spaces, quotes, 64 characters)', async () => {
    const values = [...INBOUND_IDS, `client-trace/${randomUUID()}:1`, '~'.repeat(64), 'a "b" \\c %41 ;=,'];
    assert.ok(values.some((v) => v.length === 64) && values.some((v) => v.includes(' ')));
    for (const value of values) {
      const r = await capture(() =>
        client().call('getPatent', { path: { patentId: randomUUID() }, headers: { 'X-Request-Id': value } }),
      );
      assert.deepEqual(headerValues(r, 'x-request-id'), [value], `X-Request-Id ${JSON.stringify(value)}`);
    }
  });

  void test('a 40 KB header arrives whole (problems.spec.ts PROB-001)', async () => {
    const padding = 'a'.repeat(40 * 1024);
    const r = await capture(() =>
      client().send({
        method: 'GET',
        path: `${PREFIX}/patents`,
        query: { itemsPerPage: 1 },
        headers: { 'X-Conformance-Padding': padding },
      }),
    );
    assert.equal(onlyHeader(r, 'x-conformance-padding'), padding);
  });
});

// ------------------------------------------------------------------ methods

void describe('methods reach the server as the test names them', () => {
  void test('DELETE on a patent path (problems.spec.ts PROB-001), without body or content type', async () => {
    const id = randomUUID();
    const r = await capture(() => client().send({ method: 'DELETE', path: `${PREFIX}/patents/${id}` }));
    assert.equal(r.method, 'DELETE');
    assert.equal(r.path, `${PREFIX}/patents/${id}`);
    assert.equal(r.body.length, 0);
    assert.deepEqual(headerValues(r, 'content-type'), []);
  });

  void test('the client records what it sent, as the server received it', () => {
    assert.equal(exchanges.length, received.length, 'one recorded exchange per request received');
    const last = exchanges.at(-1)!;
    const r = received.at(-1)!;
    assert.equal(last.request.method, r.method);
    assert.equal(new URL(last.request.url).pathname, r.path);
  });
});
