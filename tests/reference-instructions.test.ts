/**
 * Reference server: instructability, the instruction POST (errors, atomicity, receipt), fee transitions
 * driven by provider states, and the PDF documents.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { createReferenceServer, type ReferenceServer } from '../reference/server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const NOW = '2026-03-15T09:00:00Z';
const TODAY = '2026-03-15';
const P = '/api/v2/external';

interface Reply {
  status: number;
  headers: Headers;
  body: Json;
  bytes: Uint8Array;
}

interface Fixture {
  server: ReferenceServer;
  call(
    path: string,
    options?: { key?: string; method?: string; body?: unknown; raw?: string; type?: string },
  ): Promise<Reply>;
  state(name: string, body: unknown, key?: string): Promise<Reply>;
  events(): Promise<Json[]>;
}

/** A fresh server per test: instruction tests change state. */
function fresh(): Fixture {
  const server = createReferenceServer({ now: NOW });
  const send = async (path: string, init: RequestInit): Promise<Reply> => {
    const response = await server.app.request(path, init);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let body: Json = null;
    try {
      body = JSON.parse(Buffer.from(bytes).toString('utf8'));
    } catch {
      // binary
    }
    return { status: response.status, headers: response.headers, body, bytes };
  };
  const fixture: Fixture = {
    server,
    call: (path, options = {}) => {
      const headers: Record<string, string> = { 'x-api-key': options.key ?? server.keys.all };
      let body: string | undefined;
      if (options.raw !== undefined || options.body !== undefined) {
        headers['content-type'] = options.type ?? 'application/json';
        body = options.raw ?? JSON.stringify(options.body);
      }
      return send(path, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
    },
    state: (name, body, key) =>
      send(`/__provider-states/${name}`, {
        method: 'POST',
        headers: { 'x-api-key': key ?? server.keys.all, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    events: async () => {
      const reply = await fixture.call(
        `${P}/patent-events?dueFrom=2000-01-01&dueTo=2100-12-31&itemsPerPage=100`,
      );
      const all: Json[] = [...reply.body.data];
      for (let page = 2; page <= reply.body.pagination.totalPages; page += 1) {
        all.push(
          ...(
            await fixture.call(
              `${P}/patent-events?dueFrom=2000-01-01&dueTo=2100-12-31&itemsPerPage=100&currentPage=${page}`,
            )
          ).body.data,
        );
      }
      return all;
    },
  };
  return fixture;
}

function instruct(f: Fixture, instructions: unknown, key?: string): Promise<Reply> {
  return f.call(`${P}/patent-instructions`, {
    body: { instructions },
    key: key ?? f.server.keys.instructionsWrite,
  });
}

/** The seed's patents by situation of their earliest un-instructed event. */
async function situations(f: Fixture) {
  const byPatent = new Map<string, Json[]>();
  for (const e of await f.events()) byPatent.set(e.patent.id, [...(byPatent.get(e.patent.id) ?? []), e]);
  const blocked: { first: Json; second: Json }[] = [];
  const tooEarly: Json[] = [];
  const lapsed: Json[] = [];
  const instructed: Json[] = [];
  for (const events of byPatent.values()) {
    instructed.push(...events.filter((e) => e.appliedDecision !== null));
    const open = events.filter((e) => e.appliedDecision === null);
    const [first, second] = open;
    if (first === undefined) continue;
    if (first.instructability.blockedReason === 'TOO_EARLY') tooEarly.push(first);
    if (first.duePeriod === 'LAPSED') lapsed.push(first);
    if (
      first.instructability.isAllowed &&
      first.duePeriod !== 'LAPSED' &&
      second?.instructability.blockedReason === 'EARLIER_EVENT_PENDING'
    ) {
      blocked.push({ first, second });
    }
  }
  return { blocked, tooEarly, lapsed, instructed };
}

function assertProblem(reply: Reply, status: number, code: string): void {
  assert.equal(reply.status, status, JSON.stringify(reply.body));
  assert.equal(reply.headers.get('content-type'), 'application/problem+json');
  assert.equal(reply.body.code, code);
  assert.equal(reply.body.status, status);
  assert.equal(reply.body.type, `/errors/${code.replace(/_/g, '-')}`);
  assert.equal(reply.body.requestId, reply.headers.get('x-request-id'));
}

async function eventNow(f: Fixture, event: Json): Promise<Json> {
  return (await f.call(`${P}/patents/${event.patent.id}/events/${event.id}`)).body;
}

void describe('seeded situations', () => {
  void test('every instructability situation exists in tenant A', async () => {
    const f = fresh();
    const { blocked, tooEarly, lapsed, instructed } = await situations(f);
    assert.ok(blocked.length >= 16, `blocked: ${blocked.length}`);
    assert.ok(tooEarly.length >= 4, `too early: ${tooEarly.length}`);
    assert.ok(lapsed.length >= 3, `lapsed: ${lapsed.length}`);
    for (const e of lapsed) assert.deepEqual(e.instructability.allowedDecisions, ['SKIP_THIS_TIME', 'DROP']);
    assert.ok(
      instructed.length > 0 &&
        instructed.every((e) => e.instructability.blockedReason === 'ALREADY_INSTRUCTED'),
    );
    assert.ok(instructed.every((e) => e.processingStatus === 'INSTRUCTED'));
    assert.ok(blocked.some(({ first }) => first.duePeriod === 'GRACE_PERIOD'));
    assert.ok(blocked.some(({ first }) => first.duePeriod === 'CURRENT'));
  });

  void test('the situations exist at any date and in any time zone', async () => {
    for (const [now, timeZone] of [
      ['2025-12-31T23:30:00Z', 'Europe/Paris'],
      ['2024-02-29T12:00:00Z', 'UTC'],
      ['2027-07-01T03:00:00Z', 'America/Los_Angeles'],
    ] as const) {
      const server = createReferenceServer({ now, timeZone });
      const f = { ...fresh(), server } as Fixture;
      f.call = (path) =>
        Promise.resolve(server.app.request(path, { headers: { 'x-api-key': server.keys.all } })).then(
          async (r) => ({
            status: r.status,
            headers: r.headers,
            body: await r.json(),
            bytes: new Uint8Array(),
          }),
        );
      const { blocked, tooEarly, lapsed } = await situations(f);
      assert.ok(blocked.length >= 16 && tooEarly.length >= 4 && lapsed.length >= 3, `${now} ${timeZone}`);
    }
  });
});

void describe('instruction errors', () => {
  void test('an event whose earlier event awaits a decision: 422 instruction_skipped with the missing dates', async () => {
    const f = fresh();
    const { blocked } = await situations(f);
    const { first, second } = blocked[0] as { first: Json; second: Json };
    const reply = await instruct(f, [{ eventId: second.id, decision: 'PROCEED' }]);
    assertProblem(reply, 422, 'instruction_skipped');
    const patent = (await f.call(`${P}/patents/${second.patent.id}`)).body;
    assert.equal(reply.body.clientCaseReference, patent.clientCaseReference);
    assert.deepEqual(reply.body.missingPreviousRenewalDates, [first.dueDate]);
  });

  void test('before opensAt: 422 instruction_too_early', async () => {
    const f = fresh();
    const { tooEarly } = await situations(f);
    for (const decision of ['PROCEED', 'DROP']) {
      assertProblem(await instruct(f, [{ eventId: tooEarly[0].id, decision }]), 422, 'instruction_too_early');
    }
    assert.ok(tooEarly[0].instructability.opensAt > TODAY);
  });

  void test('an instructed event: 409 instruction_already_set', async () => {
    const f = fresh();
    const { instructed } = await situations(f);
    assertProblem(
      await instruct(f, [{ eventId: instructed[0].id, decision: 'PROCEED' }]),
      409,
      'instruction_already_set',
    );
  });

  void test('a lapsed event refuses PROCEED (422 instruction_lapsed) and accepts SKIP_THIS_TIME', async () => {
    const f = fresh();
    const { lapsed } = await situations(f);
    assertProblem(
      await instruct(f, [{ eventId: lapsed[0].id, decision: 'PROCEED' }]),
      422,
      'instruction_lapsed',
    );
    assert.equal((await instruct(f, [{ eventId: lapsed[0].id, decision: 'SKIP_THIS_TIME' }])).status, 201);
    assert.equal((await eventNow(f, lapsed[0])).appliedDecision, 'SKIP_THIS_TIME');
    assert.equal((await instruct(f, [{ eventId: lapsed[1].id, decision: 'DROP' }])).status, 201);
  });

  void test('an unknown event, or another tenant’s, is 404 not_found', async () => {
    const f = fresh();
    const theirs = (await f.call(`${P}/patent-events?dueMonth=2026-03`, { key: f.server.keys.otherTenant }))
      .body.data[0];
    for (const eventId of [crypto.randomUUID(), theirs.id]) {
      assertProblem(await instruct(f, [{ eventId, decision: 'PROCEED' }]), 404, 'not_found');
    }
  });

  void test('malformed bodies are 400 validation_failed with RFC 6901 pointers into the body', async () => {
    const f = fresh();
    const { blocked } = await situations(f);
    const id = blocked[0]?.first.id;
    const cases: {
      name: string;
      raw?: string;
      body?: unknown;
      type?: string;
      pointer: string;
      code?: string;
    }[] = [
      {
        name: 'bad uuid',
        body: { instructions: [{ eventId: 'x', decision: 'PROCEED' }] },
        pointer: '/instructions/0/eventId',
        code: 'invalid_string',
      },
      {
        name: 'bad decision',
        body: { instructions: [{ eventId: id, decision: 'MAYBE' }] },
        pointer: '/instructions/0/decision',
        code: 'invalid_enum_value',
      },
      {
        name: 'missing decision',
        body: { instructions: [{ eventId: id }] },
        pointer: '/instructions/0/decision',
        code: 'required',
      },
      { name: 'missing instructions', body: {}, pointer: '/instructions', code: 'required' },
      { name: 'empty instructions', body: { instructions: [] }, pointer: '/instructions', code: 'too_small' },
      {
        name: 'instructions not an array',
        body: { instructions: {} },
        pointer: '/instructions',
        code: 'invalid_type',
      },
      { name: 'array body', body: [], pointer: '' },
      { name: 'string body', body: 'PROCEED', pointer: '' },
      { name: 'null body', raw: 'null', pointer: '' },
      { name: 'malformed JSON', raw: '{"instructions": [', pointer: '', code: 'invalid_json' },
      { name: 'empty body', raw: '', pointer: '', code: 'invalid_json' },
      { name: 'wrong content type', raw: '{"instructions":[]}', type: 'text/plain', pointer: '' },
    ];
    for (const c of cases) {
      const reply = await f.call(`${P}/patent-instructions`, {
        key: f.server.keys.instructionsWrite,
        method: 'POST',
        body: c.body,
        raw: c.raw,
        type: c.type,
      });
      assertProblem(reply, 400, 'validation_failed');
      const error = reply.body.errors.find((e: Json) => e.pointer === c.pointer);
      assert.ok(error, `${c.name}: ${JSON.stringify(reply.body.errors)}`);
      if (c.code) assert.equal(error.code, c.code, c.name);
      assert.equal(typeof error.message, 'string');
    }
    assert.equal((await eventNow(f, blocked[0]?.first)).appliedDecision, null);
  });

  void test('one event per patent: a second entry for the same patent or event is 400 at that entry', async () => {
    const f = fresh();
    const { blocked } = await situations(f);
    const [a, b] = blocked as [{ first: Json; second: Json }, { first: Json; second: Json }];
    const samePatent = await instruct(f, [
      { eventId: b.first.id, decision: 'PROCEED' },
      { eventId: a.first.id, decision: 'PROCEED' },
      { eventId: a.second.id, decision: 'PROCEED' },
    ]);
    assertProblem(samePatent, 400, 'validation_failed');
    assert.equal(samePatent.body.errors[0].pointer, '/instructions/2');
    const sameEvent = await instruct(f, [
      { eventId: a.first.id, decision: 'PROCEED' },
      { eventId: a.first.id, decision: 'DROP' },
    ]);
    assertProblem(sameEvent, 400, 'validation_failed');
    assert.equal(sameEvent.body.errors[0].pointer, '/instructions/1');
    assert.equal((await eventNow(f, a.first)).appliedDecision, null);
    assert.equal((await eventNow(f, b.first)).appliedDecision, null);
  });
});

void describe('atomicity', () => {
  void test('nothing of a batch executes when one entry fails; the first failing entry in body order decides', async () => {
    const f = fresh();
    const { blocked, tooEarly, instructed } = await situations(f);
    const ok = blocked[0]?.first;
    const skipped = blocked[1]?.second;
    const receiptsBefore = f.server.state.store.receipts.size;
    const runs: [Json[], number, string][] = [
      [
        [
          { eventId: ok.id, decision: 'PROCEED' },
          { eventId: tooEarly[0].id, decision: 'PROCEED' },
        ],
        422,
        'instruction_too_early',
      ],
      [
        [
          { eventId: ok.id, decision: 'PROCEED' },
          { eventId: instructed[0].id, decision: 'DROP' },
        ],
        409,
        'instruction_already_set',
      ],
      [
        [
          { eventId: skipped.id, decision: 'PROCEED' },
          { eventId: tooEarly[0].id, decision: 'PROCEED' },
        ],
        422,
        'instruction_skipped',
      ],
      [
        [
          { eventId: tooEarly[0].id, decision: 'PROCEED' },
          { eventId: skipped.id, decision: 'PROCEED' },
        ],
        422,
        'instruction_too_early',
      ],
      [
        [
          { eventId: ok.id, decision: 'PROCEED' },
          { eventId: crypto.randomUUID(), decision: 'PROCEED' },
        ],
        404,
        'not_found',
      ],
    ];
    for (const [entries, status, code] of runs) assertProblem(await instruct(f, entries), status, code);
    const after = await eventNow(f, ok);
    assert.equal(after.appliedDecision, null);
    assert.equal(after.feesStatus, 'ESTIMATED');
    assert.equal(f.server.state.store.receipts.size, receiptsBefore);
    assert.equal(
      (await f.call(`${P}/patents/${ok.patent.id}/events/${ok.id}/documents/instruction-receipt`)).status,
      404,
    );
  });
});

void describe('executed instructions', () => {
  void test('a batch over several patents executes at once and returns the receipt', async () => {
    const f = fresh();
    const { blocked } = await situations(f);
    const patents = new Map(
      (await f.call(`${P}/patents?itemsPerPage=100`)).body.data.map((p: Json) => [p.id, p]),
    );
    const wo = blocked.find(({ first }) => (patents.get(first.patent.id) as Json).office === 'WO');
    const other = blocked.find(({ first }) => (patents.get(first.patent.id) as Json).office !== 'WO');
    assert.ok(wo && other);
    const reply = await instruct(f, [
      { eventId: wo.first.id, decision: 'PROCEED' },
      { eventId: other.first.id, decision: 'SKIP_THIS_TIME' },
    ]);
    assert.equal(reply.status, 201, JSON.stringify(reply.body));
    const receipt = reply.body;
    assert.equal(receipt.object, 'instructionReceipt');
    assert.equal(receipt.issueDate, TODAY);
    assert.match(receipt.reference, /^IR-2026-\d{6}$/);
    assert.equal(receipt.reference, `IR-2026-${String(receipt.number).padStart(6, '0')}`);
    assert.equal(receipt.instructions.length, 2);
    const [first, second] = receipt.instructions;
    for (const i of receipt.instructions) {
      assert.equal(i.object, 'instruction');
      assert.equal(i.status, 'EXECUTED');
      assert.equal(i.executedAt, new Date(NOW).toISOString());
      assert.equal(i.scheduledForExecutionAt, null);
      assert.equal(i.excludedDesignatedCountries, null);
    }
    assert.deepEqual([first.decision, second.decision], ['PROCEED', 'SKIP_THIS_TIME']);
    assert.deepEqual(
      first.renewedDesignatedCountries,
      (patents.get(wo.first.patent.id) as Json).designatedCountries,
    );
    assert.equal(second.renewedDesignatedCountries, null);

    const done = await eventNow(f, wo.first);
    assert.equal(done.appliedDecision, 'PROCEED');
    assert.equal(done.processingStatus, 'INSTRUCTED');
    assert.equal(done.instructability.blockedReason, 'ALREADY_INSTRUCTED');
    assert.equal((await eventNow(f, other.first)).feesStatus, 'ESTIMATED', 'SKIP does not lock fees');
    // The next event of the patent is now instructable.
    const next = await eventNow(f, wo.second);
    assert.equal(next.instructability.isAllowed, true);
    assert.equal((await instruct(f, [{ eventId: wo.second.id, decision: 'DROP' }])).status, 201);
    // Receipt numbers are sequential per tenant.
    const again = await instruct(f, [{ eventId: other.second.id, decision: 'PROCEED' }]);
    assert.equal(again.body.number, receipt.number + 2);
  });

  void test('instruction POST needs patents:instructions:write', async () => {
    const f = fresh();
    const reply = await instruct(
      f,
      [{ eventId: crypto.randomUUID(), decision: 'PROCEED' }],
      f.server.keys.patentsRead,
    );
    assertProblem(reply, 403, 'insufficient_scope');
    assert.equal(reply.body.requiredScope, 'patents:instructions:write');
  });
});

void describe('fees transitions and documents', () => {
  void test('ESTIMATED -> LOCKED on PROCEED -> INVOICED once invoiced; the documents appear with their state', async () => {
    const f = fresh();
    const { blocked } = await situations(f);
    const event = blocked.find(({ first }) => first.duePeriod === 'GRACE_PERIOD')?.first;
    const base = `${P}/patents/${event.patent.id}/events/${event.id}`;
    const estimated = (await f.call(`${base}/fees`)).body;
    assert.equal(estimated.feesStatus, 'ESTIMATED');
    assert.equal(estimated.invoiceId, null);
    assert.ok(estimated.components.some((c: Json) => c.type === 'GRACE_PERIOD'));
    for (const doc of ['instruction-receipt', 'official-receipt', 'invoice']) {
      assertProblem(await f.call(`${base}/documents/${doc}`), 404, 'not_found');
    }

    assert.equal(
      (await f.state('event-invoiced', { eventId: event.id })).status,
      409,
      'only a LOCKED event is invoiced',
    );
    assert.equal((await f.state('official-receipt-issued', { eventId: event.id })).status, 409);

    const receipt = (await instruct(f, [{ eventId: event.id, decision: 'PROCEED' }])).body;
    const locked = (await f.call(`${base}/fees`)).body;
    assert.equal(locked.feesStatus, 'LOCKED');
    assert.equal(locked.invoiceId, null);
    assert.deepEqual(locked.components, estimated.components);
    assert.equal(locked.total, estimated.total);

    const receiptPdf = await f.call(`${base}/documents/instruction-receipt`, {
      key: f.server.keys.patentsRead,
    });
    assert.equal(receiptPdf.status, 200);
    assert.equal(receiptPdf.headers.get('content-type'), 'application/pdf');
    assert.equal(
      receiptPdf.headers.get('content-disposition'),
      `attachment; filename="instruction-receipt-${receipt.reference}.pdf"`,
    );
    const pdf = await PDFDocument.load(receiptPdf.bytes);
    assert.equal(pdf.getPageCount(), 1);
    assert.match(pdf.getTitle() ?? '', new RegExp(receipt.reference));

    const invoiced = await f.state('event-invoiced', { eventId: event.id });
    assert.equal(invoiced.status, 200, JSON.stringify(invoiced.body));
    const fees = (await f.call(`${base}/fees`)).body;
    assert.equal(fees.feesStatus, 'INVOICED');
    assert.equal(fees.invoiceId, invoiced.body.invoiceId);
    assert.equal(fees.total, locked.total);
    assert.equal((await eventNow(f, event)).feesStatus, 'INVOICED');
    const invoice = (await f.call(`${P}/invoices/${fees.invoiceId}`)).body;
    assert.equal(invoice.origin, 'GENERATED');
    assert.equal(invoice.fees.length, 1);
    assert.deepEqual(invoice.fees[0], fees);
    const newest = (await f.call(`${P}/invoices?sort=-createdAt&itemsPerPage=1`)).body.data[0];
    assert.equal(newest.id, invoice.id);
    const invoicePdf = await f.call(`${base}/documents/invoice`);
    assert.equal(invoicePdf.status, 200);
    assert.match(
      invoicePdf.headers.get('content-disposition') ?? '',
      /^attachment; filename="invoice-.+\.pdf"$/,
    );
    await PDFDocument.load(invoicePdf.bytes);

    assertProblem(await f.call(`${base}/documents/official-receipt`), 404, 'not_found');
    const issued = await f.state('official-receipt-issued', { eventId: event.id });
    assert.equal(issued.status, 200);
    const official = await f.call(`${base}/documents/official-receipt`);
    assert.equal(official.status, 200);
    assert.equal(
      official.headers.get('content-disposition'),
      `attachment; filename="official-receipt-${issued.body.reference}.pdf"`,
    );
    assert.match((await PDFDocument.load(official.bytes)).getTitle() ?? '', /^Official receipt/);
  });

  void test('seeded documents: receipts of instructed events, official receipts for some invoiced events only', async () => {
    const f = fresh();
    const events = await f.events();
    let official = 0;
    let invoicedWithout = 0;
    for (const e of events.filter((x) => x.feesStatus === 'INVOICED')) {
      const base = `${P}/patents/${e.patent.id}/events/${e.id}/documents`;
      assert.equal((await f.call(`${base}/invoice`)).status, 200);
      assert.equal((await f.call(`${base}/instruction-receipt`)).status, 200);
      const status = (await f.call(`${base}/official-receipt`)).status;
      if (status === 200) official += 1;
      else invoicedWithout += 1;
    }
    assert.ok(official > 0 && invoicedWithout > 0);
    const open = events.find((e) => e.appliedDecision === null);
    assert.equal(
      (await f.call(`${P}/patents/${open.patent.id}/events/${open.id}/documents/official-receipt`)).status,
      404,
    );
  });

  void test('tenant B has an instructed and an invoiced event with all three documents', async () => {
    const f = fresh();
    const key = f.server.keys.otherTenant;
    const events = (
      await f.call(`${P}/patent-events?dueFrom=2000-01-01&dueTo=2100-12-31&itemsPerPage=100`, { key })
    ).body.data;
    const withAll: Json[] = [];
    for (const e of events.filter((x: Json) => x.feesStatus === 'INVOICED')) {
      const base = `${P}/patents/${e.patent.id}/events/${e.id}/documents`;
      const statuses = await Promise.all(
        ['instruction-receipt', 'official-receipt', 'invoice'].map(
          async (d) => (await f.call(`${base}/${d}`, { key })).status,
        ),
      );
      if (statuses.every((s) => s === 200)) withAll.push(e);
    }
    assert.ok(withAll.length > 0);
    assert.ok((await f.call(`${P}/invoices`, { key })).body.pagination.totalItems > 0);
  });

  void test('provider states answer 4xx JSON on bad input', async () => {
    const f = fresh();
    assert.equal((await f.state('no-such-state', {})).status, 404);
    assert.equal((await f.state('event-invoiced', {}, 'f'.repeat(64))).status, 401);
    assert.equal((await f.state('event-invoiced', {})).status, 400);
    assert.equal((await f.state('event-invoiced', { eventId: crypto.randomUUID() })).status, 404);
    assert.equal((await f.state('fail-next-requests', { count: -1 })).status, 400);
    const bad = await f.server.app.request('/__provider-states/event-invoiced', {
      method: 'POST',
      headers: { 'x-api-key': f.server.keys.all },
      body: '{',
    });
    assert.equal(bad.status, 400);
  });
});
