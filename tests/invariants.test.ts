/**
 * The invariant registry (helpers/rules/registry.ts and its area files), pure: each family of invariants
 * holds on a conformant answer, breaks on a faulty one, and judges nothing where the answer does not show
 * what it is about. And the registry against the catalogue: every requirement one answer can decide
 * (`decidable: answer`) is an invariant, each requirement is listed as invariant, test or both.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answer, breachesOf, onePage } from './answer-support';
import { type AnswerFacts, isObject, once } from '../helpers/contract/invariant-types';
import { EVENT_FIELD_RULES } from '../helpers/rules/events';
import { internalLeaks } from '../helpers/rules/problems';
import {
  INVARIANTS,
  resourcesOf,
  RULES_BY_AREA,
  UNIQUE_VALUE_KINDS,
  uniqueValuesOf,
} from '../helpers/rules/registry';
import { loadRequirements, requirementById } from '../schemas/requirements';
import { listTests } from '../scripts/traceability';

const UUID_A = '0c6f5a2e-1f4e-4a53-9d89-2b8f2d0f9a11';
const UUID_B = '7d1e0b3a-5c2f-4e8b-a1d4-3f9c2b7e6a50';

void test('the area lists are the registry, and every invariant cites an active requirement marked decidable', () => {
  for (const invariant of Object.values(RULES_BY_AREA).flat()) assert.ok(INVARIANTS.includes(invariant));
  for (const { id } of INVARIANTS) {
    const requirement = requirementById(id);
    assert.ok(requirement && !requirement.retired, `${id} is an active requirement`);
    assert.equal(
      requirement.decidable,
      'answer',
      `${id} is in the registry: the catalogue marks it decidable`,
    );
  }
  assert.equal(new Set(INVARIANTS.map((i) => `${i.id} ${i.title}`)).size, INVARIANTS.length);
  assert.equal(once(undefined).length + once('x').length, 1);
  assert.ok(isObject({}) && !isObject([]) && !isObject(null));
});

void test('every requirement one answer can decide is an invariant of the registry', (t) => {
  const catalogue = loadRequirements().requirements.filter((r) => !r.retired);
  const inRegistry = new Set(INVARIANTS.map((i) => i.id));
  const decidable = catalogue.filter((r) => r.decidable === 'answer');
  assert.deepEqual(
    decidable.filter((r) => !inRegistry.has(r.id)).map((r) => `${r.id}: ${r.requirement}`),
    [],
    'requirements one answer decides that are not in the registry',
  );

  // Each requirement as the run judges it: by an invariant on every answer, by tests, or both.
  const tested = new Set(listTests().flatMap((l) => l.ids));
  const kinds = { invariant: 0, test: 0, both: 0, neither: [] as string[] };
  // A value unique in a tenant is compared across every answer of the run and recorded like an invariant.
  const recorded = new Set([...inRegistry, ...Object.keys(UNIQUE_VALUE_KINDS)]);
  for (const r of catalogue) {
    const invariant = recorded.has(r.id);
    if (invariant && tested.has(r.id)) kinds.both++;
    else if (invariant) kinds.invariant++;
    else if (tested.has(r.id)) kinds.test++;
    else kinds.neither.push(r.id);
  }
  t.diagnostic(
    `${catalogue.length} requirements: ${kinds.both} invariant and test, ${kinds.invariant} invariant only, ` +
      `${kinds.test} test only, ${decidable.length} decidable from one answer ` +
      `(all in the registry)`,
  );
  const untestable = new Set(
    catalogue.filter((r) => r.notTestedReason || r.level === 'MAY').map((r) => r.id),
  );
  assert.deepEqual(
    kinds.neither.filter((id) => !untestable.has(id)),
    [],
    'requirements neither in the registry nor cited by a test',
  );
});

void test('field rules: a patent, an event and fees are judged wherever they sit', () => {
  const patents = answer({ body: { data: [{ object: 'patent', office: 'ep' }] } });
  assert.ok(breachesOf('PAT-003', patents)!.length === 1, 'a lower-case office');
  assert.ok(EVENT_FIELD_RULES.some((r) => r.id === 'EVT-019'));
  const event = {
    object: 'patentEvent',
    id: UUID_A,
    eventType: 'RENEWAL',
    patent: { id: UUID_B, providerId: 'P-1' },
    instructability: { isAllowed: true, allowedDecisions: [], blockedReason: null, mode: 'DIRECT' },
  };
  assert.equal(breachesOf('EVT-019', answer({ body: event }))!.length, 1, 'allowed with no decision');
  const other = { ...event, eventType: 'MAINTENANCE' };
  assert.equal(breachesOf('EVT-019', answer({ body: other })), undefined, 'another kind: not judged');
  // FEE-003 knows the owner from the embedding event, or from the fees route's path.
  const fees = { object: 'fees', eventId: UUID_B, patent: { id: UUID_B, providerId: 'P-1' } };
  assert.equal(breachesOf('FEE-003', answer({ body: { ...event, fees } }))!.length, 1);
  const route = answer({
    operationId: 'getEventFees',
    pathParams: { patentId: UUID_B, eventId: UUID_B },
    body: fees,
  });
  assert.deepEqual(breachesOf('FEE-003', route), []);
  assert.equal(
    breachesOf('FEE-003', answer({ body: { object: 'invoice', fees: [fees] } })),
    undefined,
    'an invoice line',
  );
});

void test('list envelopes: totals, pages and the page parameters the request asked', () => {
  const envelope = (pagination: object, items = 3) => ({
    pagination,
    data: Array.from({ length: items }, () => ({})),
  });
  const page = { totalItems: 23, currentPage: 3, itemsPerPage: 10, totalPages: 3, hasMore: false };
  assert.deepEqual(breachesOf('PAG-004', answer({ body: envelope(page) })), []);
  assert.equal(breachesOf('PAG-004', answer({ body: envelope({ ...page, totalPages: 2 }) }))!.length, 1);
  assert.equal(breachesOf('PAG-005', answer({ body: envelope({ ...page, hasMore: true }) }))!.length, 1);
  assert.equal(breachesOf('PAG-001', answer({ body: envelope({ ...page, totalItems: 30 }) }))!.length, 1);
  const asked = (query: Record<string, string[]>, shown: object) =>
    answer({ query, body: envelope({ ...page, ...shown }) });
  assert.equal(breachesOf('PAG-002', asked({ currentPage: ['2'] }, {}))!.length, 1);
  assert.deepEqual(breachesOf('PAG-002', asked({ currentPage: ['3'] }, {})), []);
  assert.equal(breachesOf('PAG-002', asked({ currentPage: ['0'] }, {})), undefined, 'page 0: not shown');
  assert.equal(breachesOf('PAG-008', asked({ itemsPerPage: ['500'] }, { itemsPerPage: 500 }))!.length, 1);
  assert.equal(breachesOf('PAG-007', asked({}, { itemsPerPage: 20 }))!.length, 1);
  assert.equal(
    breachesOf('PAG-007', answer({ method: 'POST', body: envelope({ ...page, itemsPerPage: 20 }) })),
    undefined,
  );
});

void test('answers: problems, correlation, refused requests and keys', () => {
  const problem = (body: object, status = 404) =>
    answer({ status, mediaType: 'application/problem+json', headers: { 'x-request-id': 'r-1' }, body });
  const notFound = {
    type: '/errors/not-found',
    title: 'Not found',
    status: 404,
    code: 'not_found',
    requestId: 'r-1',
  };
  for (const id of ['PROB-001', 'PROB-002', 'PROB-003', 'PROB-005', 'CORR-002'])
    assert.deepEqual(breachesOf(id, problem(notFound)), [], id);
  assert.equal(breachesOf('PROB-005', problem({ ...notFound, status: 400 }))!.length, 1);
  assert.equal(breachesOf('PROB-003', problem(notFound, 410))!.length, 1);
  assert.equal(breachesOf('CORR-002', problem({ ...notFound, requestId: 'other' }))!.length, 1);
  assert.equal(breachesOf('CORR-003', answer({ requestHeaders: { 'x-request-id': 'mine' } }))!.length, 1);
  const badPath = answer({
    status: 404,
    operationId: 'getPatent',
    pathParams: { patentId: 'nope' },
    body: notFound,
  });
  assert.equal(breachesOf('CONV-011', badPath)!.length, 1, 'a bad UUID answered 404');
  assert.equal(breachesOf('CONV-011', { ...badPath, status: 401 }), undefined, 'the key is refused first');
  const noKey = answer({ status: 200 });
  assert.equal(breachesOf('AUTH-005', noKey)!.length, 1, 'served without a key');
  assert.equal(
    breachesOf('AUTH-005', answer({ requestHeaders: { 'x-api-key': 'a'.repeat(64) } })),
    undefined,
  );
  const scope = problem(
    {
      ...notFound,
      status: 403,
      code: 'insufficient_scope',
      type: '/errors/insufficient-scope',
      requiredScope: 'invoices:read',
    },
    403,
  );
  assert.equal(breachesOf('SCOPE-008', { ...scope, operationId: 'listPatents' })!.length, 1);
});

void test('resources: sync batches at triage and on replay, invoices, receipts and freezes', () => {
  const results = [
    {
      providerId: 'A',
      outcome: 'REJECTED',
      action: null,
      servicePatentId: null,
      requestId: UUID_A,
      reason: 'bad',
    },
  ];
  const batch = {
    object: 'patentSyncBatch',
    status: 'SETTLED',
    totalItems: 1,
    rejectedItems: 0,
    results: { data: results, pagination: { totalItems: 1 } },
  };
  const post = (body: object) =>
    answer({ method: 'POST', operationId: 'syncPatents', status: 201, requestBody: body, body: batch });
  assert.equal(breachesOf('SYNC-009', post({ items: [{ providerId: 'A' }] }))!.length, 1);
  assert.equal(
    breachesOf('SYNC-009', post({ externalImportRef: 'r', items: [{}] })),
    undefined,
    'a replay: not triage',
  );
  assert.equal(
    breachesOf('SYNC-009', answer({ operationId: 'getSyncBatch', body: batch })),
    undefined,
    'a later poll',
  );
  assert.equal(breachesOf('SYNC-013', post({ items: [{ providerId: 'B' }] }))!.length, 1);
  const invoice = {
    object: 'invoice',
    id: UUID_A,
    origin: 'GENERATED',
    currency: 'EUR',
    fees: [{ eventId: UUID_B, currency: 'EUR', regularizedInvoiceId: null, regularizationReason: null }],
  };
  assert.deepEqual(
    breachesOf('INV-012', answer({ body: { ...invoice, fees: [...invoice.fees] } })),
    undefined,
  );
  assert.equal(
    breachesOf('INV-012', answer({ body: { ...invoice, fees: [...invoice.fees, ...invoice.fees] } }))!.length,
    1,
  );
  assert.equal(
    breachesOf('CONV-012', answer({ body: { ...invoice, fees: [{ ...invoice.fees[0], currency: 'JPY' }] } }))!
      .length,
    1,
  );
  const window = answer({
    operationId: 'listInvoices',
    query: { issueDateFrom: ['2026-01-01'] },
    body: { data: [{ ...invoice, issueDate: '2025-12-31' }] },
  });
  assert.equal(breachesOf('INV-014', window)!.length, 1);
  const receipt = {
    object: 'instructionReceipt',
    instructions: [{ object: 'instruction', decision: 'DROP', status: 'EXECUTED' }],
  };
  const posted = answer({
    method: 'POST',
    operationId: 'postInstructions',
    status: 201,
    requestBody: { instructions: [{ eventId: UUID_A, decision: 'PROCEED' }] },
    body: receipt,
  });
  assert.equal(breachesOf('INS-004', posted)!.length, 1);
  assert.deepEqual(breachesOf('INS-009', posted), []);
  const freeze = answer({
    operationId: 'getExchangeRateFreeze',
    pathParams: { yearMonth: '2026-03' },
    body: { object: 'exchangeRateFreeze', yearMonth: '2026-04', events: [] },
  });
  assert.equal(breachesOf('FRZ-003', freeze)!.length, 1);
});

void test('requests the contract accepts, the order and outcomes of sync results, and SHOULD codes', () => {
  // PROB-024: a pointer into the body sent, or to the object lacking a member; not shown for parameters.
  const invalid = (errors: object[], facts: Partial<AnswerFacts> = {}) =>
    answer({
      method: 'POST',
      operationId: 'postInstructions',
      status: 400,
      mediaType: 'application/problem+json',
      requestBody: { instructions: [{ eventId: 'x', decision: 'MAYBE' }] },
      body: { code: 'validation_failed', errors },
      ...facts,
    });
  const at = (pointer: string, code = 'invalid_string') => ({ pointer, code, message: 'm' });
  assert.deepEqual(breachesOf('PROB-024', invalid([at('/instructions/0/eventId')])), []);
  const lacking = { requestBody: { instructions: [{ eventId: 'x' }] } };
  assert.deepEqual(breachesOf('PROB-024', invalid([at('/instructions/0/decision')], lacking)), [], 'lacked');
  assert.equal(breachesOf('PROB-024', invalid([at('/instructions/0/missing')]))!.length, 1, 'undocumented');
  assert.equal(breachesOf('PROB-024', invalid([at('/instructions[0].eventId')]))!.length, 1);
  assert.equal(breachesOf('PROB-024', invalid([at('/instructions/1')]))!.length, 1, 'a missing entry');
  assert.deepEqual(
    breachesOf('PROB-024', invalid([at('/instructions')], { requestBody: null })),
    [],
    'a body that is no object lacks its required member',
  );
  assert.equal(breachesOf('PROB-024', invalid([at('/instructions/3/eventId')]))!.length, 1);
  assert.equal(breachesOf('PROB-024', invalid([at('/instructions/0/eventId/0')]))!.length, 1);
  assert.equal(breachesOf('PROB-024', invalid([at('/x')], { query: { a: ['1'] } })), undefined);
  // PROB-023: a generic detail names nothing of the implementation; URLs and the API path are no leak.
  for (const leak of [
    'x.map is not a function',
    'connect ECONNREFUSED 10.0.3.12:5432',
    'SELECT id FROM patents',
  ])
    assert.notDeepEqual(internalLeaks(leak), [], leak);
  for (const generic of [
    'Unexpected failure on /app/api/v2/external/patents',
    'See https://status.example.rs',
    'InternalServerError',
    'We could not insert into the queue',
  ])
    assert.deepEqual(internalLeaks(generic), [], generic);
  // INS-025, INS-026 (SHOULD): the code of the error at the member's own pointer.
  const codes = invalid([
    at('/instructions/0/eventId', 'bad_uuid'),
    at('/instructions/0/decision', 'invalid_enum_value'),
  ]);
  assert.equal(breachesOf('INS-025', codes)!.length, 1);
  assert.deepEqual(breachesOf('INS-026', codes), []);
  assert.equal(
    breachesOf('INS-025', invalid([at('/instructions', 'too_small')])),
    undefined,
    'no error at eventId',
  );
  assert.equal(requirementById('INS-025')!.level, 'SHOULD', 'a breach warns (helpers/wire/answer-checks.ts)');
  // SYNC-031, SYNC-035: accepted, whatever the size and without a reference.
  const sync = (requestBody: unknown, status: number, body: unknown = undefined) =>
    answer({ method: 'POST', operationId: 'syncPatents', status, requestBody, body });
  const many = Array.from({ length: 250 }, (_, i) => ({ providerId: `P-${i}` }));
  assert.equal(breachesOf('SYNC-031', sync({ items: [{}] }, 400))!.length, 1);
  assert.deepEqual(breachesOf('SYNC-031', sync({ items: [{}] }, 201)), []);
  assert.equal(breachesOf('SYNC-031', sync({ externalImportRef: 'r', items: [{}] }, 409)), undefined);
  assert.equal(breachesOf('SYNC-031', sync({ items: [] }, 400)), undefined, 'an empty batch');
  assert.equal(breachesOf('SYNC-035', sync({ items: many }, 413))!.length, 1);
  assert.deepEqual(breachesOf('SYNC-035', sync({ items: many }, 202)), []);
  assert.equal(breachesOf('SYNC-035', sync({ externalImportRef: 'r', items: many }, 409)), undefined);
  assert.equal(breachesOf('SYNC-035', sync({ items: many }, 429)), undefined);
  // SYNC-012: the echoed providerIds keep the posted order, on any page.
  const result = (providerId: string | null, outcome = 'REJECTED') => ({
    providerId,
    outcome,
    action: null,
    servicePatentId: null,
    requestId: UUID_A,
    reason: outcome === 'REJECTED' ? 'r' : null,
  });
  const batchOf = (data: object[], status = 'SETTLED') => ({
    object: 'patentSyncBatch',
    status,
    totalItems: data.length,
    results: { data, pagination: { totalItems: data.length, currentPage: 1, itemsPerPage: 10 } },
  });
  const items = [{ providerId: 'A' }, { title: 'none' }, { providerId: 'B' }, { providerId: 'C' }];
  const ordered = [result('A'), result(null), result('B'), result('C')];
  assert.deepEqual(breachesOf('SYNC-012', sync({ items }, 201, batchOf(ordered))), []);
  const swapped = [result('B'), result(null), result('A'), result('C')];
  assert.equal(breachesOf('SYNC-012', sync({ items }, 201, batchOf(swapped)))!.length, 2);
  const page = (data: object[], currentPage: number) => ({
    ...batchOf(data),
    results: { data, pagination: { totalItems: 4, currentPage, itemsPerPage: 2 } },
  });
  assert.deepEqual(breachesOf('SYNC-012', sync({ items }, 201, page([result('B'), result('C')], 2))), []);
  assert.equal(
    breachesOf('SYNC-012', sync({ items }, 201, page([result('B'), result('C')], 1)))!.length,
    2,
    'the second page shown as the first',
  );
  assert.equal(
    breachesOf('SYNC-012', sync({ externalImportRef: 'r', items }, 201, batchOf(swapped))),
    undefined,
    'a replay: in which order "the same items" may come is not stated',
  );
  // SYNC-024: at triage, nothing to wait on: SETTLED, or not yet out of PENDING/PROCESSING.
  const triage = (data: object[], status: string) =>
    sync({ items: data.map(() => ({})) }, 201, batchOf(data, status));
  assert.equal(breachesOf('SYNC-024', triage([result('A')], 'ERROR'))!.length, 1);
  assert.equal(breachesOf('SYNC-024', triage([result('A')], 'TRIAGED'))!.length, 1);
  assert.deepEqual(breachesOf('SYNC-024', triage([result('A')], 'SETTLED')), []);
  assert.equal(
    breachesOf('SYNC-024', triage([result('A')], 'PROCESSING')),
    undefined,
    'the trigger is not shown',
  );
  assert.equal(breachesOf('SYNC-024', triage([result('A', 'STAGED')], 'TRIAGED')), undefined);
  const read = (stagedItems: number) =>
    answer({ operationId: 'getSyncBatch', body: { ...batchOf([result('A')], 'TRIAGED'), stagedItems } });
  assert.equal(breachesOf('SYNC-024', read(0))!.length, 1, 'never staged, yet TRIAGED on a later read');
  assert.equal(
    breachesOf('SYNC-024', read(1)),
    undefined,
    'reviewed since: which trigger settles is not shown',
  );
  // INS-025: one of several errors at the pointer with the code is enough.
  assert.deepEqual(
    breachesOf('INS-025', invalid([at('/instructions/0/eventId', 'too_big'), at('/instructions/0/eventId')])),
    [],
  );
  // SYNC-038: an office of no code form is REJECTED with a reason.
  const office = (value: unknown, outcome: string) =>
    sync({ items: [{ providerId: 'A', office: value }] }, 201, batchOf([result('A', outcome)]));
  assert.equal(breachesOf('SYNC-038', office('NOT-AN-OFFICE', 'APPLIED'))!.length, 1);
  assert.deepEqual(breachesOf('SYNC-038', office('NOT-AN-OFFICE', 'REJECTED')), []);
  assert.equal(
    breachesOf('SYNC-038', office('DE', 'APPLIED')),
    undefined,
    'which codes a server knows is free',
  );
  // FRZ-007: a PUT without a body.
  const put = (status: number, sentBody = false) =>
    answer({
      method: 'PUT',
      operationId: 'putExchangeRateFreeze',
      pathParams: { yearMonth: '2026-03' },
      status,
      sentBody,
    });
  assert.equal(breachesOf('FRZ-007', put(415))!.length, 1);
  assert.deepEqual(breachesOf('FRZ-007', put(200)), []);
  assert.equal(breachesOf('FRZ-007', put(400, true)), undefined, 'a PUT with a body: not shown');
  assert.equal(breachesOf('FRZ-007', put(403)), undefined, 'refused before validation');
});

void test('SYNC-054: createdAt of a batch a POST created lies within minutes of the answer Date', () => {
  const judge = (createdAt: unknown, facts: Partial<AnswerFacts> = {}) =>
    breachesOf(
      'SYNC-054',
      answer({
        method: 'POST',
        operationId: 'syncPatents',
        status: 201,
        dateHeader: 'Wed, 25 Nov 2026 12:00:00 GMT',
        body: { object: 'patentSyncBatch', createdAt },
        ...facts,
      }),
    );
  assert.deepEqual(judge('2026-11-25T12:00:01Z'), []);
  assert.deepEqual(judge('2026-11-25T11:55:30.123Z'), []);
  assert.equal(judge('2026-11-25T17:30:00Z')!.length, 1, 'local wall clock marked Z, 5 h 30 ahead');
  assert.equal(judge('2026-11-25T17:30:00Z', { method: 'GET' }), undefined);
  assert.equal(judge('2026-11-25T17:30:00Z', { dateHeader: undefined }), undefined);
  assert.equal(judge(null), undefined);
});

void test('resources are found wherever they sit, with their path and the resource holding them', () => {
  const found = resourcesOf({ data: [{ object: 'invoice', fees: [{ object: 'fees' }] }] });
  assert.deepEqual(
    found.map((f) => [f.resource.object, f.path, f.owner?.object]),
    [
      ['invoice', '/data/0', undefined],
      ['fees', '/data/0/fees/0', 'invoice'],
    ],
  );
});

void test('receipt numbers and invoice references are the values unique in a tenant', () => {
  const values = uniqueValuesOf([
    { object: 'instructionReceipt', number: 7, instructions: [{ id: 'b' }, { id: 'a' }] },
    { object: 'instructionReceipt', number: null, instructions: [{ id: 'c' }] },
    { object: 'invoice', id: 'i1', reference: 'INV-1' },
  ]);
  assert.deepEqual(
    values.map((v) => [v.requirement, v.kind, v.value, v.owner]),
    [
      ['INS-028', 'receipt number', '7', 'the receipt of instruction(s) a, b'],
      ['INS-028', 'receipt number', null, 'the receipt of instruction(s) c'],
      ['INV-006', 'invoice reference', 'INV-1', 'invoice i1'],
    ],
  );
});

void test('operations: lists and their filters, single reads, page fill and body conventions', () => {
  const patents = (data: object[], query: Record<string, string[]> = {}) =>
    answer({
      operationId: 'listPatents',
      query,
      body: onePage(data),
    });
  const patent = { object: 'patent', id: UUID_A, providerId: 'P-1' };
  assert.deepEqual(breachesOf('PAT-020', patents([patent], { providerId: ['P-1'] })), []);
  assert.equal(breachesOf('PAT-020', patents([patent], { providerId: ['P'] }))!.length, 1, 'a prefix match');
  assert.equal(
    breachesOf('PAT-021', patents([patent, { ...patent, id: UUID_B }], { providerId: ['P-1'] }))!.length,
    2,
  );
  assert.equal(breachesOf('PAT-022', patents([{ object: 'invoice' }]))!.length, 1);
  const read = answer({ operationId: 'getPatent', pathParams: { patentId: UUID_B }, body: patent });
  assert.equal(breachesOf('PAT-023', read)!.length, 1);
  const full = answer({
    body: {
      pagination: { totalItems: 25, currentPage: 2, itemsPerPage: 10, totalPages: 3, hasMore: true },
      data: [{}, {}],
    },
  });
  assert.equal(breachesOf('PAG-006', full)!.length, 1, 'a middle page of 2 items');
  const period = (dueDate: string, query: Record<string, string[]>) =>
    answer({
      operationId: 'listEventsByPeriod',
      query,
      body: { pagination: {}, data: [{ object: 'patentEvent', id: UUID_A, dueDate, eventType: 'RENEWAL' }] },
    });
  assert.equal(
    breachesOf('PER-003', period('2026-05-01', { dueFrom: ['2026-01-01'], dueTo: ['2026-04-30'] }))!.length,
    1,
  );
  assert.equal(breachesOf('PER-006', period('2026-05-01', { dueMonth: ['2026-04'] }))!.length, 1);
  assert.equal(
    breachesOf('PER-012', period('2026-04-01', { include: ['fees'] }))!.length,
    1,
    'no fees attached',
  );
  assert.equal(breachesOf('CONV-003', answer({ body: { object: 'patent', id: 'P-1' } }))!.length, 1);
  assert.equal(breachesOf('CONV-008', answer({ body: { object: 'fees', currency: 'eur' } }))!.length, 1);
  assert.equal(breachesOf('CONV-009', answer({ body: { object: 'invoice', vatRate: 20 } }))!.length, 1);
  assert.equal(breachesOf('ISO-002', answer({ body: { object: 'patent', tenantId: 't-1' } }))!.length, 1);
  assert.deepEqual(breachesOf('ISO-002', answer({ body: { object: 'patent' } })), []);
});
