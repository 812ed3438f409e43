/**
 * Self-tests of schemas/openapi.yaml against the contract markdown: operations, error codes and resources.
 *
 * Wherever the contract states something in a table or an endpoint line (scopes, statuses, error codes,
 * fields and their nullability), the test parses it from the markdown instead of restating it, so the
 * document cannot drift from the contract unnoticed.
 */
/* eslint-disable @typescript-eslint/no-floating-promises -- node:test runs describe/test itself; their promises need no await */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { schemaRef } from '../schemas/ajv';
import { CONTRACT_FILE } from '../schemas/requirements';
import { doc, type Json, schemas, validator } from './openapi-support';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

const contract = readContract();
const lines = contract.split('\n');

/** The fixed operationIds, keyed by contract endpoint number (15-17 are the three document downloads). */
const OPERATIONS: ReadonlyArray<{ n: number; operationId: string; method: Method; path: string }> = [
  { n: 1, operationId: 'listPatents', method: 'get', path: '/api/v2/external/patents' },
  { n: 2, operationId: 'getPatent', method: 'get', path: '/api/v2/external/patents/{patentId}' },
  {
    n: 3,
    operationId: 'listPatentEvents',
    method: 'get',
    path: '/api/v2/external/patents/{patentId}/events',
  },
  {
    n: 4,
    operationId: 'getPatentEvent',
    method: 'get',
    path: '/api/v2/external/patents/{patentId}/events/{eventId}',
  },
  {
    n: 5,
    operationId: 'getEventFees',
    method: 'get',
    path: '/api/v2/external/patents/{patentId}/events/{eventId}/fees',
  },
  { n: 6, operationId: 'listEventsByPeriod', method: 'get', path: '/api/v2/external/patent-events' },
  { n: 7, operationId: 'postInstructions', method: 'post', path: '/api/v2/external/patent-instructions' },
  { n: 8, operationId: 'syncPatents', method: 'post', path: '/api/v2/external/patents/sync' },
  { n: 9, operationId: 'getSyncBatch', method: 'get', path: '/api/v2/external/patents/sync/{importId}' },
  { n: 10, operationId: 'listInvoices', method: 'get', path: '/api/v2/external/invoices' },
  { n: 11, operationId: 'getInvoice', method: 'get', path: '/api/v2/external/invoices/{invoiceId}' },
  {
    n: 12,
    operationId: 'listExchangeRateFreezes',
    method: 'get',
    path: '/api/v2/external/exchange-rate-freezes',
  },
  {
    n: 13,
    operationId: 'putExchangeRateFreeze',
    method: 'put',
    path: '/api/v2/external/exchange-rate-freezes/{yearMonth}',
  },
  {
    n: 14,
    operationId: 'getExchangeRateFreeze',
    method: 'get',
    path: '/api/v2/external/exchange-rate-freezes/{yearMonth}',
  },
  {
    n: 15,
    operationId: 'getInstructionReceiptDocument',
    method: 'get',
    path: '/api/v2/external/patents/{patentId}/events/{eventId}/documents/instruction-receipt',
  },
  {
    n: 16,
    operationId: 'getOfficialReceiptDocument',
    method: 'get',
    path: '/api/v2/external/patents/{patentId}/events/{eventId}/documents/official-receipt',
  },
  {
    n: 17,
    operationId: 'getInvoiceDocument',
    method: 'get',
    path: '/api/v2/external/patents/{patentId}/events/{eventId}/documents/invoice',
  },
];

/** Resource tables of the contract and the component schema each one describes. */
const RESOURCE_TABLES: ReadonlyArray<{
  heading: string;
  schema: string;
  prefix?: string;
  optional?: string[];
}> = [
  { heading: '### List envelope', schema: 'Pagination', prefix: 'pagination.' },
  { heading: '### Patent (', schema: 'Patent' },
  { heading: '### Patent event (', schema: 'PatentEvent', optional: ['fees'] },
  { heading: 'Instructability object:', schema: 'Instructability' },
  { heading: '### Fees (', schema: 'Fees' },
  { heading: '### Invoice (', schema: 'Invoice' },
  { heading: '### Instruction receipt (', schema: 'InstructionReceipt' },
  { heading: '### Patent sync batch (', schema: 'PatentSyncBatch' },
  { heading: 'Result item fields:', schema: 'SyncResultItem' },
];

// ------------------------------------------------------------------ contract parsing

/** The contract, kept in the repository (schemas/patent-renewal-api-v2.md). */
function readContract(): string {
  return readFileSync(CONTRACT_FILE, 'utf8');
}

/** Rows (cells trimmed) of the first markdown table at or after the line that starts with `marker`. */
function tableAfter(marker: string, within: string[] = lines): string[][] {
  const start = within.findIndex((l) => l.startsWith(marker));
  assert.ok(start >= 0, `contract has a line starting with ${JSON.stringify(marker)}`);
  let i = start;
  while (i < within.length && !within[i]!.startsWith('|')) i++;
  const rows: string[][] = [];
  for (; i < within.length && within[i]!.startsWith('|'); i++) {
    rows.push(
      within[i]!.trim()
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
  }
  assert.ok(rows.length > 2, `a table follows ${JSON.stringify(marker)}`);
  return rows.slice(2); // header and separator
}

const unquote = (s: string): string => s.replace(/`/g, '').trim();

interface ErrorRow {
  code: string;
  status: number;
  type: string;
  extensions: string[];
}

/** The error table: code, HTTP status, type and extension members. */
const ERROR_TABLE: ErrorRow[] = tableAfter('| code | HTTP | type |').map(([code, http, type, , ext]) => ({
  code: unquote(code!),
  status: Number(http),
  type: unquote(type!),
  extensions:
    ext === 'none'
      ? []
      : ext!
          .replace(/\([^)]*\)/g, '')
          .split(',')
          .map((e) => e.replace('[]', '').trim())
          .filter(Boolean),
}));
const ERROR_CODES = new Set(ERROR_TABLE.map((e) => e.code));

/** The statuses the contract adds to every endpoint's own ("Every endpoint may also return 401, 403 and 429"). */
const ALWAYS_POSSIBLE: number[] = (() => {
  const sentence = /Every endpoint may also return ([^.(]+)/.exec(contract)?.[1];
  assert.ok(sentence, 'the contract names the statuses every endpoint may return');
  return [...sentence.matchAll(/\b([45]\d\d)\b/g)].map((m) => Number(m[1]));
})();

/** Pagination parameters table: name, type, rule. */
const PAGINATION_PARAMETERS = tableAfter('| Name | Type | Rule |');

/** A number the contract's text states after `words`, e.g. `statedNumber(rule, 'default')`. */
function statedNumber(text: string, words: string): number {
  const found = new RegExp(`${words} (\\d+)`).exec(text)?.[1];
  assert.ok(found, `the contract states ${words} N in ${JSON.stringify(text)}`);
  return Number(found);
}

/** Scopes listed in the contract's scope table. */
const SCOPE_TABLE = tableAfter('| Scope | Operations |').map(([scope]) => unquote(scope!));

interface ContractEndpoint {
  n: number;
  method: Method;
  path: string;
  scope: string;
  success: number[];
  errors: number[];
  /** Backticked error codes named in the endpoint's text. */
  codes: string[];
  /** Query parameters the endpoint's text names, with the default it states for any. */
  query: { name: string; default?: string }[];
}

const PAGING = ['itemsPerPage', 'currentPage'];

/**
 * The query parameters an endpoint's text names: the list after "Query:" (inline, or the table that follows
 * it) or in "Paginated (...)". Descriptions in parentheses are dropped; the names are the words before them.
 */
function queryOf(segment: string[]): { name: string; default?: string }[] {
  const text = segment.join('\n');
  const paginated = /Paginated \(([^)]*)\)/.exec(text)?.[1];
  const at = segment.findIndex((l) => l.includes('Query:'));
  if (at < 0) return paginated ? paginated.split(',').map((n) => ({ name: n.trim() })) : [];
  const inline = segment[at]!.slice(segment[at]!.indexOf('Query:') + 'Query:'.length);
  if (inline.trim() === '') {
    return tableAfter('| Name |', segment.slice(at)).flatMap(([names, , notes]) => {
      const stated = /default `?([^`;,\s]+)`?/.exec(notes!)?.[1];
      return names!.split(',').map((n) => ({ name: unquote(n), ...(stated ? { default: stated } : {}) }));
    });
  }
  const list = inline.replace(/\([^)]*\)/g, '').split('.')[0]!;
  return list.split(',').map((n) => ({ name: unquote(n) }));
}

/** The endpoints as the contract lists them: numbered lines 1-14 plus the document-download table (15-17). */
function contractEndpoints(): ContractEndpoint[] {
  const result: ContractEndpoint[] = [];
  const isBoundary = (l: string) => /^\d+\. `/.test(l) || l.startsWith('#');
  const describeSegment = (segment: string[], heading: string) => {
    const text = segment.join('\n');
    const errorsLine = text.slice(text.lastIndexOf('Errors')).split('\n')[0]!;
    const scope = /Scope `([^`]+)`/.exec(segment[0]!)?.[1] ?? /scope `([^`]+)`/.exec(heading)?.[1];
    assert.ok(scope, `a scope for ${segment[0]}`);
    return {
      scope,
      success: [...new Set([...text.matchAll(/\b(20\d)\b/g)].map((m) => Number(m[1])))].sort(),
      errors: [...errorsLine.matchAll(/\b([45]\d\d)\b/g)].map((m) => Number(m[1])).sort(),
      codes: [...text.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!).filter((c) => ERROR_CODES.has(c)),
      query: queryOf(segment),
    };
  };
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('#')) heading = line;
    const m = /^(\d+)\. `(GET|POST|PUT|DELETE|PATCH) (\/api\/v2\/external\/[^`]+)`/.exec(line);
    if (!m) continue;
    let end = i + 1;
    while (end < lines.length && !isBoundary(lines[end]!)) end++;
    result.push({
      n: Number(m[1]),
      method: m[2]!.toLowerCase() as Method,
      path: m[3]!,
      ...describeSegment(lines.slice(i, end), heading),
    });
  }
  const docStart = lines.findIndex((l) => l.startsWith('### Document downloads'));
  let docEnd = docStart + 1;
  while (docEnd < lines.length && !lines[docEnd]!.startsWith('#')) docEnd++;
  const docSegment = lines.slice(docStart, docEnd);
  const prefix = /after `([^`]+)`/.exec(docSegment.join('\n'))?.[1];
  assert.ok(prefix, 'document table names the path prefix');
  const docRows = tableAfter('| Path suffix');
  docRows.forEach(([suffix], k) => {
    result.push({
      n: 15 + k,
      method: 'get',
      path: prefix + unquote(suffix!),
      ...describeSegment(docSegment.slice(1), docSegment[0]!),
    });
  });
  return result;
}

// ------------------------------------------------------------------ document helpers

function resolve(value: unknown): Json {
  let node = value as Json;
  while (typeof node?.$ref === 'string') {
    const ref = node.$ref as string;
    assert.ok(ref.startsWith('#/'), `local $ref ${ref}`);
    node = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((acc, key) => (acc as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Json;
    assert.ok(node, `$ref ${ref} resolves`);
  }
  return node;
}

const paths = doc.paths as Record<string, Record<string, Json>>;

function operationsOfDocument(): Array<{ method: Method; path: string; op: Json }> {
  const out: Array<{ method: Method; path: string; op: Json }> = [];
  for (const [p, item] of Object.entries(paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      if (item[method]) out.push({ method, path: p, op: item[method] as Json });
    }
  }
  return out;
}

/** Error codes a response body schema can carry (through $ref, oneOf, anyOf, allOf). */
function codesOf(schema: unknown): string[] {
  const s = resolve(schema);
  const own = ((s.properties as Json | undefined)?.code as Json | undefined)?.const;
  const nested = ['oneOf', 'anyOf'].flatMap((k) => ((s[k] as unknown[]) ?? []).flatMap(codesOf));
  return [...(typeof own === 'string' ? [own] : []), ...nested];
}

// ------------------------------------------------------------------ tests

describe('operations match the contract', () => {
  const endpoints = contractEndpoints();
  const documentOps = operationsOfDocument();

  test('the contract lists 17 endpoints and the document has exactly those 17 operations', () => {
    assert.equal(endpoints.length, 17);
    const key = (o: { method: string; path: string }) => `${o.method.toUpperCase()} ${o.path}`;
    assert.deepEqual(documentOps.map(key).sort(), endpoints.map(key).sort());
    assert.deepEqual(OPERATIONS.map(key).sort(), endpoints.map(key).sort());
  });

  test('the scope table lists the five scopes of the Scope schema', () => {
    assert.deepEqual([...SCOPE_TABLE].sort(), [...(schemas.Scope!.enum as string[])].sort());
  });

  for (const expected of OPERATIONS) {
    const endpoint = endpoints.find((e) => e.method === expected.method && e.path === expected.path);
    const op = paths[expected.path]?.[expected.method];

    test(`#${expected.n} ${expected.operationId}: operationId and single required scope`, () => {
      assert.ok(endpoint, `contract lists ${expected.method.toUpperCase()} ${expected.path}`);
      assert.ok(op, `document has ${expected.method.toUpperCase()} ${expected.path}`);
      assert.equal(op.operationId, expected.operationId);
      assert.equal(typeof op['x-required-scope'], 'string', 'exactly one x-required-scope (a string)');
      assert.equal(op['x-required-scope'], endpoint.scope);
      assert.ok(SCOPE_TABLE.includes(endpoint.scope), `${endpoint.scope} is in the scope table`);
      const freeze = expected.path.includes('exchange-rate-freezes');
      assert.equal(op['x-required-capability'], freeze ? 'exchange-rate-freeze' : undefined);
    });

    test(`#${expected.n} ${expected.operationId}: response statuses are the contract's`, () => {
      assert.ok(endpoint && op);
      // 500 on every operation: OPEN-POINTS B1 (the error table restricts internal_error to no endpoint).
      const want = new Set([...endpoint.success, ...endpoint.errors, ...ALWAYS_POSSIBLE, 500]);
      const have = Object.keys(op.responses as Json).map(Number);
      assert.deepEqual(have.sort(), [...want].sort());
    });

    test(`#${expected.n} ${expected.operationId}: each error status carries exactly its codes`, () => {
      assert.ok(endpoint && op);
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const s = Number(status);
        if (s < 400) continue;
        const content = resolve(response).content as Json;
        assert.deepEqual(Object.keys(content), ['application/problem+json'], `${status} media type`);
        const codes = codesOf((content['application/problem+json'] as Json).schema).sort();
        const ofStatus = ERROR_TABLE.filter((e) => e.status === s).map((e) => e.code);
        const named: string[] = ofStatus.filter((c) => endpoint.codes.includes(c));
        assert.deepEqual(codes, (named.length ? named : ofStatus).sort(), `codes on ${status}`);
      }
    });

    test(`#${expected.n} ${expected.operationId}: response headers`, () => {
      assert.ok(op);
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const r = resolve(response);
        const headers = Object.keys((r.headers as Json) ?? {});
        assert.ok(headers.includes('X-Request-Id'), `${status} has X-Request-Id`);
        const rateLimit = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
        const authenticated = !['401', '429', '500'].includes(status);
        for (const h of rateLimit) assert.equal(headers.includes(h), authenticated, `${status} ${h}`);
        assert.equal(headers.includes('Retry-After'), status === '429', `${status} Retry-After`);
        if (status === '429') assert.deepEqual(r['x-absent-headers'], rateLimit);
        if (status === '200' && expected.n >= 15) {
          assert.ok(headers.includes('Content-Disposition'), 'document has Content-Disposition');
          assert.deepEqual(Object.keys(r.content as Json), ['application/pdf']);
        }
      }
    });

    test(`#${expected.n} ${expected.operationId}: query parameters are the contract's, none required`, () => {
      assert.ok(endpoint && op);
      const declared = ((op.parameters as unknown[] | undefined) ?? [])
        .map(resolve)
        .filter((p) => p.in === 'query');
      assert.deepEqual(
        declared.map((p) => p.name as string).sort(),
        endpoint.query.map((q) => q.name).sort(),
        'query parameter names',
      );
      for (const parameter of declared) {
        const name = parameter.name as string;
        // The contract makes no query parameter required on its own: each has a default or is optional, and
        // the due window of the by-period list is either dueMonth or dueFrom with dueTo.
        assert.equal(parameter.required, false, `${name} is optional`);
        const stated: string | undefined = PAGING.includes(name)
          ? /default (\d+)/.exec(PAGINATION_PARAMETERS.find(([n]) => n === name)![2]!)?.[1]
          : endpoint.query.find((q) => q.name === name)?.default;
        if (stated !== undefined)
          assert.equal(
            String(resolve(parameter.schema).default),
            stated,
            `${name} default as the contract states`,
          );
      }
    });
  }

  test('pagination parameters: itemsPerPage clamps (no maximum), currentPage is 1-based', () => {
    const parameters = (doc.components as Json).parameters as Record<string, Json>;
    const rule = PAGINATION_PARAMETERS.find(([name]) => name === 'itemsPerPage')![2]!;
    const cap = statedNumber(rule, 'silently clamped to');
    const items = parameters.ItemsPerPage!.schema as Json;
    assert.equal(items.default, statedNumber(rule, 'default'));
    assert.equal(items.maximum, undefined, `values above ${cap} are accepted and clamped, not rejected`);
    assert.equal(items['x-clamp-maximum'], cap);
    const page = parameters.CurrentPage!.schema as Json;
    assert.equal(page.minimum, 1);
    assert.equal(page.default, 1);
  });

  test('every list holds at most a page of the cap, and says so (Pagination.itemsPerPage, data)', () => {
    const cap = (((doc.components as Json).parameters as Record<string, Json>).ItemsPerPage!.schema as Json)[
      'x-clamp-maximum'
    ];
    const pagination = schemas.Pagination!.properties as Record<string, Json>;
    assert.equal(pagination.itemsPerPage!.maximum, cap);
    const lists = Object.entries(schemas).filter(([, s]) => (s.properties as Json | undefined)?.pagination);
    assert.ok(lists.length >= 5, `found ${lists.length} list envelopes`);
    for (const [name, s] of lists)
      assert.equal(((s.properties as Json).data as Json).maxItems, cap, `${name}.data maxItems`);
  });

  test("x-inline-limit of the sync POST is the contract's sync inline threshold", () => {
    const row = tableAfter('| Limit | Value | Applies to |').find(
      ([limit]) => limit === 'Sync inline threshold',
    );
    assert.ok(row, 'the Limits table has the sync inline threshold');
    const sync = paths['/api/v2/external/patents/sync']!.post!;
    assert.equal(sync['x-inline-limit'], statedNumber(row[1]!, 'up to'));
  });
});

describe('error codes match the contract error table', () => {
  const perCode = Object.entries(schemas).filter(([, s]) =>
    ((s.allOf as Json[] | undefined) ?? []).some((a) => a.$ref === '#/components/schemas/Problem'),
  );

  test('the document has one per-code problem schema for each code of the table', () => {
    assert.ok(ERROR_TABLE.length > 10, `the table parses (${ERROR_TABLE.length} codes)`);
    assert.deepEqual(
      perCode.map(([, s]) => ((s.properties as Json).code as Json).const).sort(),
      [...ERROR_CODES].sort(),
    );
  });

  test('every per-code problem schema says whether only an authenticated request gets it', () => {
    for (const [name, s] of perCode) {
      const value = s['x-after-authentication'];
      assert.ok(
        typeof value === 'boolean' || value === 'well-formed-path',
        `${name}: x-after-authentication is true, false or well-formed-path`,
      );
      // "Authentication failures (401) do not count as authenticated requests."
      if ((s.properties as Record<string, Json>).status!.const === 401) assert.equal(value, false, name);
    }
  });

  test("the 422 of a server's own code excludes exactly the codes of the table", () => {
    const instructions = paths['/api/v2/external/patent-instructions']!.post!;
    const rejected = resolve((instructions.responses as Json)['422']);
    const branches = (((rejected.content as Json)['application/problem+json'] as Json).schema as Json)
      .oneOf as Json[];
    const own = branches.filter((b) => b.$ref === undefined);
    assert.equal(own.length, 1, "one branch for codes of the server's own");
    const excluded = (((own[0]!.properties as Json).code as Json).not as Json).enum as string[];
    assert.deepEqual([...excluded].sort(), [...ERROR_CODES].sort());
  });

  for (const row of ERROR_TABLE) {
    test(`${row.code}: problem schema with status ${row.status}, type ${row.type} and its extensions`, () => {
      const found = Object.entries(schemas).filter(
        ([, s]) => ((s.properties as Json | undefined)?.code as Json | undefined)?.const === row.code,
      );
      assert.equal(found.length, 1, `exactly one schema for ${row.code}`);
      const [name, s] = found[0]!;
      const props = s.properties as Record<string, Json>;
      assert.equal(props.status!.const, row.status);
      assert.equal(props.type!.const, row.type);
      for (const ext of row.extensions) {
        assert.ok((s.required as string[]).includes(ext), `${name} requires ${ext}`);
      }
      const sample: Json = {
        type: row.type,
        title: 't',
        status: row.status,
        code: row.code,
        requestId: null,
      };
      const v = validator(schemaRef(name));
      if (row.extensions.length === 0) {
        assert.ok(v({ ...sample, futureMember: 1 }), `${name} accepts a minimal body with an unknown member`);
      } else {
        assert.equal(v(sample), false, `${name} rejects a body without its extensions`);
      }
      assert.equal(v({ ...sample, status: row.status + 1 }), false, `${name} rejects another status`);
    });
  }

  test('Problem requires exactly the members the contract marks "always"', () => {
    const always = tableAfter('| Member | Type | Presence |')
      .filter(([, , presence]) => presence === 'always')
      .map(([member]) => member!);
    assert.deepEqual([...(schemas.Problem!.required as string[])].sort(), always.sort());
  });
});

describe('resources match the contract tables', () => {
  test('every `object` name of the contract is the const of a schema', () => {
    const names = [...contract.matchAll(/`object`=`(\w+)`/g)].map((m) => m[1]!);
    assert.ok(names.length >= 8);
    const consts = Object.values(schemas).map(
      (s) => ((s.properties as Json | undefined)?.object as Json | undefined)?.const,
    );
    for (const n of names) assert.ok(consts.includes(n), `a schema has object const ${n}`);
  });

  for (const table of RESOURCE_TABLES) {
    test(`${table.schema}: fields, presence and nullability as in the contract`, () => {
      const s = schemas[table.schema]!;
      const required = s.required as string[];
      for (const [fieldCell, type] of tableAfter(table.heading)) {
        for (const raw of fieldCell!.split(',')) {
          const field = raw.trim().replace(table.prefix ?? '', '');
          if (field.includes('[]') || field === 'data') continue; // nested item rows, list data
          assert.ok((s.properties as Json)[field], `${table.schema}.${field} is declared`);
          const isOptional = table.optional?.includes(field) ?? false;
          assert.equal(required.includes(field), !isOptional, `${table.schema}.${field} required`);
          const nullable = / or null/.test(type!);
          const v = validator(`${schemaRef(table.schema)}/properties/${field}`);
          assert.equal(v(null), nullable, `${table.schema}.${field} nullable (contract type: ${type})`);
        }
      }
    });
  }

  test('SyncItem: the item fields of the sync body, none required, nullability as in the contract', () => {
    const s = schemas.SyncItem!;
    for (const [fieldCell, type, req] of tableAfter('| Field | Type | Required | Notes |')) {
      const field = fieldCell!.replace('items[].', '');
      if (!fieldCell!.startsWith('items[].')) continue;
      assert.ok((s.properties as Json)[field], `SyncItem.${field} is declared`);
      assert.equal(req, 'no');
      const v = validator(`${schemaRef('SyncItem')}/properties/${field}`);
      assert.equal(v(null), / or null/.test(type!), `SyncItem.${field} nullable (contract type: ${type})`);
    }
    assert.equal(s.required, undefined);
  });

  test('SyncRequest constrains only the envelope', () => {
    const v = validator(schemaRef('SyncRequest'));
    assert.ok(v({ items: [{ title: 42, applicationDate: 'not a date' }] }), 'item content is not checked');
    assert.equal(v({ items: [] }), false, 'empty items');
    assert.equal(v({ items: ['x'] }), false, 'non-object entry');
    assert.equal(v({ externalImportRef: '', items: [{}] }), false, 'empty externalImportRef');
  });

  test('InstructionRequest: the body fields the contract marks required are required', () => {
    const body = schemas.InstructionRequest!;
    const entry = (body.properties as Record<string, Json>).instructions!.items as Json;
    const rows = tableAfter('| Field | Type | Required |');
    assert.ok(rows.length >= 3);
    for (const [field, , req] of rows) {
      const [outer, inner] = field!.split('[].');
      const required = (inner ? entry.required : body.required) as string[];
      assert.equal(required.includes(inner ?? outer!), req === 'yes', `${field} required: ${req}`);
    }
    const v = validator(schemaRef('InstructionRequest'));
    const eventId = '6f1c1b7e-2b7a-4d55-9a53-1d0b1b8f1e11';
    assert.ok(v({ instructions: [{ eventId, decision: 'PROCEED' }] }));
    assert.equal(v({ instructions: [{ eventId: 'nope', decision: 'PROCEED' }] }), false);
    assert.equal(v({ instructions: [{ eventId, decision: 'MAYBE' }] }), false);
    assert.equal(v({ instructions: [{ eventId }] }), false);
    assert.equal(v({}), false);
  });
});
