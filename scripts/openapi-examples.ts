/**
 * Examples for schemas/openapi.yaml taken from the embedded reference's real answers, never invented: every
 * operation's success answer (its JSON body; the three PDF downloads are binary and get none) and every
 * problem code. The reference runs in this process with a pinned clock and seed, and each request carries its
 * own X-Request-Id, so that the same reference gives the same examples (tests/openapi-examples.test.ts checks
 * them against the document: present, valid against their schemas, and what the reference answers now).
 *
 *   npx tsx scripts/openapi-examples.ts      # writes the examples into schemas/openapi.yaml
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { createReferenceServer } from '../reference/server';

const ROOT = path.join(__dirname, '..');
export const OPENAPI_FILE = path.join(ROOT, 'schemas', 'openapi.yaml');
const API = '/api/v2/external';

/** The instant and seed the examples are read at. */
const NOW = '2026-03-16T09:00:00Z';
const SEED = 20260101;

export interface Examples {
  /** By operationId: the status and body of its success answer. */
  operations: Record<string, { status: number; body: unknown }>;
  /** By problem code: the body of an answer carrying it. */
  problems: Record<string, unknown>;
}

type Json = Record<string, unknown>;

/** Reads every example from a fresh reference. */
export async function collectExamples(): Promise<Examples> {
  const server = createReferenceServer({ now: NOW, seed: SEED, timeZone: 'UTC' });
  const keys = server.keys;
  let sequence = 0;
  const call = async (
    method: string,
    route: string,
    options: { key?: string | null; body?: unknown } = {},
  ): Promise<{ status: number; body: Json }> => {
    sequence += 1;
    const headers: Record<string, string> = {
      'x-request-id': `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    };
    const key = options.key === undefined ? keys.all : options.key;
    if (key !== null) headers['x-api-key'] = key;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await server.app.request(route.startsWith('/__') ? route : `${API}${route}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text && /json/.test(response.headers.get('content-type') ?? '') ? (JSON.parse(text) as Json) : {},
    };
  };
  const operations: Examples['operations'] = {};
  const problems: Examples['problems'] = {};
  const success = async (operationId: string, method: string, route: string, body?: unknown) => {
    const answer = await call(method, route, { body });
    if (answer.status >= 300)
      throw new Error(`${operationId}: ${answer.status} ${JSON.stringify(answer.body)}`);
    operations[operationId] = answer;
    return answer.body;
  };
  const problem = async (
    code: string,
    method: string,
    route: string,
    options: { key?: string | null; body?: unknown } = {},
  ) => {
    const answer = await call(method, route, options);
    if (answer.body.code !== code)
      throw new Error(`${code}: ${answer.status} ${JSON.stringify(answer.body)}`);
    problems[code] = answer.body;
  };

  const patents = await success('listPatents', 'GET', '/patents?itemsPerPage=1');
  const patent = (patents.data as Json[])[0]!;
  await success('getPatent', 'GET', `/patents/${String(patent.id)}`);
  const events = await success(
    'listPatentEvents',
    'GET',
    `/patents/${String(patent.id)}/events?itemsPerPage=1`,
  );
  const event = (events.data as Json[])[0]!;
  const eventRoute = `/patents/${String(patent.id)}/events/${String(event.id)}`;
  await success('getPatentEvent', 'GET', eventRoute);
  await success('getEventFees', 'GET', `${eventRoute}/fees`);
  await success(
    'listEventsByPeriod',
    'GET',
    `/patent-events?dueFrom=${String(event.dueDate)}&dueTo=${String(event.dueDate)}&include=fees&itemsPerPage=1`,
  );

  // Every event of the tenant, to find one in each instruction state.
  const all: Json[] = [];
  for (let page = 1; ; page++) {
    const read = await call(
      'GET',
      `/patent-events?dueFrom=1900-01-01&dueTo=2199-12-31&itemsPerPage=100&currentPage=${page}`,
    );
    all.push(...(read.body.data as Json[]));
    if (!(read.body.pagination as Json).hasMore) break;
  }
  const instructability = (e: Json) => e.instructability as Json;
  const find = (what: string, predicate: (e: Json) => boolean) => {
    const found = all.find(predicate);
    if (!found) throw new Error(`no event ${what} in the reference's data`);
    return found;
  };
  const proceedable = find('offering PROCEED', (e) =>
    (instructability(e).allowedDecisions as string[]).includes('PROCEED'),
  );
  await success('postInstructions', 'POST', '/patent-instructions', {
    instructions: [{ eventId: proceedable.id, decision: 'PROCEED' }],
  });
  await problem('instruction_already_set', 'POST', '/patent-instructions', {
    body: { instructions: [{ eventId: proceedable.id, decision: 'PROCEED' }] },
  });
  const tooEarly = find('TOO_EARLY', (e) => instructability(e).blockedReason === 'TOO_EARLY');
  await problem('instruction_too_early', 'POST', '/patent-instructions', {
    body: { instructions: [{ eventId: tooEarly.id, decision: 'PROCEED' }] },
  });
  const pending = find(
    'EARLIER_EVENT_PENDING',
    (e) => instructability(e).blockedReason === 'EARLIER_EVENT_PENDING',
  );
  await problem('instruction_skipped', 'POST', '/patent-instructions', {
    body: { instructions: [{ eventId: pending.id, decision: 'SKIP_THIS_TIME' }] },
  });
  const lapsed = find('allowed without PROCEED', (e) => {
    const i = instructability(e);
    return i.isAllowed === true && !(i.allowedDecisions as string[]).includes('PROCEED');
  });
  await problem('instruction_lapsed', 'POST', '/patent-instructions', {
    body: { instructions: [{ eventId: lapsed.id, decision: 'PROCEED' }] },
  });

  const items = [{ providerId: 'EXAMPLE-0001', title: 'Example patent', office: 'EP' }];
  const batch = await success('syncPatents', 'POST', '/patents/sync', {
    externalImportRef: 'example-import-1',
    items,
  });
  await success('getSyncBatch', 'GET', `/patents/sync/${String(batch.importId)}`);
  await problem('conflict', 'POST', '/patents/sync', {
    body: { externalImportRef: 'example-import-1', items: [{ ...items[0], title: 'Another title' }] },
  });

  const invoices = await success('listInvoices', 'GET', '/invoices?itemsPerPage=1');
  await success('getInvoice', 'GET', `/invoices/${String((invoices.data as Json[])[0]!.id)}`);
  await success('listExchangeRateFreezes', 'GET', '/exchange-rate-freezes?itemsPerPage=2');
  const month = String(event.dueDate).slice(0, 7);
  await success('putExchangeRateFreeze', 'PUT', `/exchange-rate-freezes/${month}`);
  await success('getExchangeRateFreeze', 'GET', `/exchange-rate-freezes/${month}`);

  await problem('validation_failed', 'GET', '/patents/not-a-uuid');
  await problem('invalid_api_key', 'GET', '/patents', { key: null });
  await problem('api_key_expired', 'GET', '/patents', { key: keys.expired });
  await problem('insufficient_scope', 'GET', '/patents', { key: keys.noScopes });
  await problem('forbidden', 'GET', '/exchange-rate-freezes', { key: keys.noFreeze });
  await problem('not_found', 'GET', '/patents/00000000-0000-4000-8000-000000000000');
  for (let i = 0; i < 200; i++) {
    const answer = await call('GET', '/patents?itemsPerPage=1', { key: keys.lowQuota });
    if (answer.status === 429) {
      problems.rate_limit_exceeded = answer.body;
      break;
    }
  }
  // The back-office state that makes the tenant's next request fail: the 500 a client retries.
  await call('POST', '/__provider-states/fail-next-requests', { body: { count: 1 } });
  await problem('internal_error', 'GET', '/patents');
  return { operations, problems };
}

/** Where the document keeps each example: the success answer's media type, the problem's schema. */
export function examplesInDocument(doc: Json): Examples {
  const operations: Examples['operations'] = {};
  const problems: Examples['problems'] = {};
  for (const item of Object.values(doc.paths as Json))
    for (const op of Object.values(item as Json) as Json[]) {
      if (typeof op?.operationId !== 'string') continue;
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const example = ((response as Json).content as Json | undefined)?.['application/json'] as
          Json | undefined;
        if (status.startsWith('2') && example && 'example' in example)
          operations[op.operationId] = { status: Number(status), body: example.example };
      }
    }
  for (const schema of Object.values((doc.components as Json).schemas as Json) as Json[]) {
    const code = ((schema.properties as Json | undefined)?.code as Json | undefined)?.const;
    if (typeof code === 'string' && Array.isArray(schema.examples)) problems[code] = schema.examples[0];
  }
  return { operations, problems };
}

/** Writes the examples into the YAML document, its comments and layout kept. */
function writeExamples(examples: Examples): void {
  const document = YAML.parseDocument(fs.readFileSync(OPENAPI_FILE, 'utf8'));
  const doc = document.toJS() as Json;
  for (const [route, item] of Object.entries(doc.paths as Json))
    for (const [method, op] of Object.entries(item as Json) as [string, Json][]) {
      const example = typeof op?.operationId === 'string' ? examples.operations[op.operationId] : undefined;
      if (example)
        document.setIn(
          [
            'paths',
            route,
            method,
            'responses',
            String(example.status),
            'content',
            'application/json',
            'example',
          ],
          document.createNode(example.body),
        );
    }
  for (const [name, schema] of Object.entries((doc.components as Json).schemas as Json) as [string, Json][]) {
    const code = ((schema.properties as Json | undefined)?.code as Json | undefined)?.const;
    if (typeof code === 'string' && examples.problems[code] !== undefined)
      document.setIn(
        ['components', 'schemas', name, 'examples'],
        document.createNode([examples.problems[code]]),
      );
  }
  fs.writeFileSync(OPENAPI_FILE, document.toString({ lineWidth: 110, flowCollectionPadding: false }));
}

if (require.main === module)
  void collectExamples().then(writeExamples, (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
