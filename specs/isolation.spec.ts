/**
 * Tenant isolation: the key identifies the tenant; another tenant's resource is indistinguishable from a
 * missing one (404 not_found, the same answer as a random unknown UUID), lists never hold another tenant's
 * resources, no body names a tenant, and writes cannot reach another tenant's patents or events.
 * Contract: What the service does ("The API key identifies the tenant. No client identifier appears in paths or
 * payloads. A resource of another client is indistinguishable from a missing one (`not_found`).").
 *
 * The other tenant's ids are real ones, discovered with its own key (API_KEY_OTHER_TENANT).
 */
import { randomUUID } from 'node:crypto';
import {
  type ApiClient,
  type ApiResponse,
  DOCUMENT_OPERATIONS,
  expectJudged,
  expectRuleHolds,
  type DocumentOperation,
  expect,
  findEventWithDocument,
  notVerified,
  type OperationId,
  type Portfolio,
  postInstructions,
  readsAlone,
  refOf,
  reinstruct,
  renewals,
  type Setting,
  sharedLocate,
  skipBecause,
  skipIf,
  test,
  titled,
  verifiedOnlyIf,
  walkList,
  WIDE_WINDOW,
} from '../helpers/test';
import type {
  ExchangeRateFreeze,
  ExchangeRateFreezeList,
  Invoice,
  InvoiceList,
  Patent,
  PatentEvent,
  PatentList,
  PatentSyncBatch,
  Problem,
} from '../schemas/types';

interface Context {
  other: ApiClient;
  otherPortfolio: Portfolio;
  requireSetting: (setting: Setting) => void;
}

async function otherPatent(otherPortfolio: Portfolio): Promise<Patent> {
  return otherPortfolio.patent(() => true, 'at all');
}

async function otherEvent(otherPortfolio: Portfolio): Promise<PatentEvent> {
  const [event] = renewals(await otherPortfolio.events());
  return event ?? skipBecause('data', `no renewal event found in ${otherPortfolio.label}`);
}

/** An event of the other tenant whose document exists, probed once for the run with the other tenant's key. */
async function otherDocument(
  ctx: Pick<Context, 'other' | 'otherPortfolio'>,
  operationId: DocumentOperation,
): Promise<{ patentId: string; eventId: string }> {
  const located = await sharedLocate(`${ctx.other.baseUrl}-otherTenant`, operationId, async () => {
    const found = await findEventWithDocument(ctx.other, await ctx.otherPortfolio.events(), operationId);
    return found
      ? { ref: refOf(found.event) }
      : {
          cause: 'data' as const,
          skip: `no event whose ${operationId} answers 200 found in ${ctx.otherPortfolio.label}`,
        };
  });
  if ('skip' in located) skipBecause(located.cause, located.skip);
  return { ...located.ref };
}

/** The by-id routes, with a way to find a real id of the other tenant for each. */
const BY_ID_ROUTES: {
  operationId: OperationId;
  foreignPath: (ctx: Context) => Promise<Record<string, string>>;
}[] = [
  {
    operationId: 'getPatent',
    foreignPath: async (c) => ({ patentId: (await otherPatent(c.otherPortfolio)).id }),
  },
  {
    operationId: 'listPatentEvents',
    foreignPath: async (c) => ({ patentId: (await otherPatent(c.otherPortfolio)).id }),
  },
  {
    operationId: 'getPatentEvent',
    foreignPath: async (c) => {
      const event = await otherEvent(c.otherPortfolio);
      return { patentId: event.patent.id, eventId: event.id };
    },
  },
  {
    operationId: 'getEventFees',
    foreignPath: async (c) => {
      const event = await otherEvent(c.otherPortfolio);
      return { patentId: event.patent.id, eventId: event.id };
    },
  },
  {
    operationId: 'getInvoice',
    foreignPath: async (c) => {
      const list = await c.other.call('listInvoices', { query: { itemsPerPage: 1 } });
      expect(list).toHaveStatus(200);
      const [invoice] = list.json<InvoiceList>().data;
      return {
        invoiceId: invoice?.id ?? skipBecause('data', `no invoice found in ${c.otherPortfolio.label}`),
      };
    },
  },
  {
    operationId: 'getSyncBatch',
    foreignPath: async (c) => {
      c.requireSetting('ALLOW_WRITES');
      // One item with neither identifier: REJECTED, nothing of the other tenant changes.
      const batch = await c.other.call('syncPatents', {
        body: { items: [{ title: 'isolation probe: neither providerId nor servicePatentId' }] },
      });
      expect(batch).toHaveStatus(201);
      return { importId: batch.json<PatentSyncBatch>().importId };
    },
  },
  {
    operationId: 'getInstructionReceiptDocument',
    foreignPath: (c) => otherDocument(c, 'getInstructionReceiptDocument'),
  },
  {
    operationId: 'getOfficialReceiptDocument',
    foreignPath: (c) => otherDocument(c, 'getOfficialReceiptDocument'),
  },
  { operationId: 'getInvoiceDocument', foreignPath: (c) => otherDocument(c, 'getInvoiceDocument') },
];

/** What a client can tell from a problem: status, code, type, title and the members present. */
function visible(response: ApiResponse) {
  const body = response.json<Problem & Record<string, unknown>>();
  return {
    status: response.status,
    code: body.code,
    type: body.type,
    title: body.title,
    members: Object.keys(body).sort(),
  };
}

function randomPath(foreign: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(foreign).map((name) => [name, randomUUID()]));
}

/** Months far enough ahead to hold no renewal, latest first. */
const FAR_MONTHS = Array.from(
  { length: 24 },
  (_, i) => `${2099 - Math.floor(i / 12)}-${String(12 - (i % 12)).padStart(2, '0')}`,
);

test.describe('isolation', () => {
  for (const { operationId, foreignPath } of BY_ID_ROUTES) {
    test(
      ...titled(
        `[ISO-003] ${operationId} answers another tenant's id exactly as an unknown id: 404 not_found`,
      ),
      async ({ api, as, otherPortfolio, requireSetting }) => {
        const path = await foreignPath({ other: as('otherTenant'), otherPortfolio, requireSetting });
        const [foreign, unknown] = await Promise.all([
          api.call(operationId, { path }),
          api.call(operationId, { path: randomPath(path) }),
        ]);
        expect(foreign).toBeProblem({ status: 404, code: 'not_found' });
        expect(unknown).toBeProblem({ status: 404, code: 'not_found' });
        expect(visible(foreign), "another tenant's id and a random unknown id get the same answer").toEqual(
          visible(unknown),
        );
      },
    );
  }

  for (const operationId of ['getPatentEvent', 'getEventFees'] as const) {
    test(
      ...titled(
        `[ISO-003] ${operationId} answers another tenant's event under one of the caller's patents as an unknown id`,
      ),
      async ({ api, portfolio, otherPortfolio }) => {
        const own = await portfolio.patent(() => true, 'at all');
        const event = await otherEvent(otherPortfolio);
        const [foreign, unknown] = await Promise.all([
          api.call(operationId, { path: { patentId: own.id, eventId: event.id } }),
          api.call(operationId, { path: { patentId: own.id, eventId: randomUUID() } }),
        ]);
        expect(foreign).toBeProblem({ status: 404, code: 'not_found' });
        expect(visible(foreign)).toEqual(visible(unknown));
      },
    );
  }

  for (const operationId of DOCUMENT_OPERATIONS) {
    test(
      ...titled(
        `[ISO-003] ${operationId} answers another tenant's event under one of the caller's patents with 404 not_found`,
      ),
      async ({ api, as, portfolio, otherPortfolio }) => {
        // An event whose document exists for the other tenant: only the event id says whose it is.
        const { eventId } = await otherDocument({ other: as('otherTenant'), otherPortfolio }, operationId);
        const own = await portfolio.patent(() => true, 'at all');
        const response = await api.call(operationId, { path: { patentId: own.id, eventId } });
        expect(response).toBeProblem({ status: 404, code: 'not_found' });
      },
    );
  }

  test(
    ...titled('[ISO-001] the patent list filtered by a providerId that only another tenant has is empty'),
    async ({ api, portfolio, otherPortfolio }) => {
      const own = new Set((await portfolio.patents()).map((p) => p.providerId));
      const providerId =
        (await otherPortfolio.patents()).map((p) => p.providerId).find((id) => id !== null && !own.has(id)) ??
        skipBecause(
          'data',
          `no providerId found in ${otherPortfolio.label} that ${portfolio.label} does not have`,
        );
      const response = await api.call('listPatents', { query: { providerId } });
      expect(response).toHaveStatus(200);
      // No patent of the primary tenant had it in the snapshot; a write since that names it may have given it one.
      await portfolio.requireUnmovedSubject(
        await portfolio.snapshotSentAt('patents'),
        { providerId },
        `providerId ${providerId}`,
        'patent-members',
      );
      const list = response.json<PatentList>();
      expect(
        list.data.map((p) => p.id),
        `patents listed for the other tenant's providerId ${providerId}`,
      ).toEqual([]);
      expect(list.pagination.totalItems).toBe(0);
    },
  );

  test(
    ...titled("[ISO-001] the freeze read of a month lists none of another tenant's events"),
    async ({ api, portfolio, otherPortfolio }) => {
      // Frozen-rate events carry no id: an event is told by its patent's clientCaseReference and its due date.
      const keysOf = (patents: Patent[], events: PatentEvent[]) => {
        const references = new Map(patents.map((p) => [p.id, p.clientCaseReference]));
        return renewals(events)
          .map((e) => ({ reference: references.get(e.patent.id) ?? null, dueDate: e.dueDate }))
          .filter((k) => k.reference !== null)
          .map((k) => `${k.reference}|${k.dueDate}`);
      };
      const snapshotKeys = async (tenant: Portfolio) => keysOf(await tenant.patents(), await tenant.events());
      const snapshotOwn = new Set(await snapshotKeys(portfolio));
      const foreign = (await snapshotKeys(otherPortfolio)).filter((k) => !snapshotOwn.has(k));
      const byMonth = new Map<string, number>();
      for (const key of foreign) {
        const month = key.slice(-10, -3);
        byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
      }
      // The month with the most events of the other tenant only.
      const [yearMonth] =
        [...byMonth].sort(([a, x], [b, y]) => y - x || a.localeCompare(b))[0] ??
        skipBecause(
          'data',
          `no renewal event with a clientCaseReference found in ${otherPortfolio.label} that ${portfolio.label} lacks`,
        );
      // A row of the primary tenant's own event is no leak: the primary tenant's keys are the snapshot's while no
      // write of the run since may have moved a patent's reference or schedule, else read with the month where
      // no write overlaps them.
      const moved = (await portfolio.writesSinceSnapshot('patents')).movedAny(
        'patent-members',
        'event-schedule',
      );
      const readMonth = () => api.call('getExchangeRateFreeze', { path: { yearMonth } });
      const { response, own } = moved
        ? await readsAlone(
            api.baseUrl,
            `the freeze of ${yearMonth} and the primary tenant's events`,
            ['patent-members', 'event-schedule'],
            async () => {
              const [response, patents, events] = await Promise.all([
                readMonth(),
                walkList<Patent>(api, 'listPatents', { maxPages: 10 }),
                walkList<PatentEvent>(api, 'listEventsByPeriod', { query: WIDE_WINDOW, maxPages: 10 }),
              ]);
              return { response, own: new Set(keysOf(patents.items, events.items)) };
            },
          )
        : { response: await readMonth(), own: snapshotOwn };
      if (response.status === 403)
        skipBecause(
          'setting',
          `${portfolio.label} has no exchange-rate freeze capability (403 on the freeze read)`,
        );
      expect(response).toHaveStatus(200);
      const others = new Set(foreign.filter((k) => !own.has(k)));
      const leaked = response
        .json<ExchangeRateFreeze>()
        .events.map((e) => `${e.clientCaseReference}|${e.dueDate}`)
        .filter((k) => others.has(k));
      expect(leaked, `events of ${yearMonth} that belong to the other tenant`).toEqual([]);
    },
  );

  test(
    ...titled("[ISO-001] the patent list holds none of another tenant's patents"),
    async ({ portfolio, otherPortfolio }) => {
      const others = new Set((await otherPortfolio.patents()).map((p) => p.id));
      skipIf(others.size === 0, 'data', `no patent found in ${otherPortfolio.label}`);
      const leaked = (await portfolio.patents()).filter((p) => others.has(p.id)).map((p) => p.id);
      expect(leaked).toEqual([]);
    },
  );

  test(
    ...titled("[ISO-001] the by-period event list holds none of another tenant's events or patents"),
    async ({ portfolio, otherPortfolio }) => {
      const otherEvents = await otherPortfolio.events();
      skipIf(otherEvents.length === 0, 'data', `no event found in ${otherPortfolio.label}`);
      const ids = new Set([...otherEvents.map((e) => e.id), ...otherEvents.map((e) => e.patent.id)]);
      const leaked = (await portfolio.events()).filter((e) => ids.has(e.id) || ids.has(e.patent.id));
      expect(leaked.map((e) => e.id)).toEqual([]);
    },
  );

  test(
    ...titled("[ISO-001] the invoice list holds none of another tenant's invoices"),
    async ({ api, as, otherPortfolio }) => {
      const [{ items: others }, { items: own }] = await Promise.all([
        walkList<Invoice>(as('otherTenant'), 'listInvoices', { maxPages: 5 }),
        walkList<Invoice>(api, 'listInvoices', { maxPages: 5 }),
      ]);
      skipIf(others.length === 0, 'data', `no invoice found in ${otherPortfolio.label}`);
      const ids = new Set(others.map((i) => i.id));
      expect(own.filter((i) => ids.has(i.id)).map((i) => i.id)).toEqual([]);
    },
  );

  test(
    ...titled('[ISO-001] the freeze list holds no month that only another tenant froze'),
    async ({ api, as, target, requireSetting }) => {
      requireSetting('ALLOW_WRITES');
      // Authentication 7: a tenant may lack the freeze capability (403 `forbidden`); then it freezes nothing.
      const noCapability = `the other tenant (API_KEY_OTHER_TENANT) lacks the exchange-rate freeze capability`;
      if (target.otherTenantFreezeCapability === 'forbidden')
        notVerified('setting', `${noCapability} (preflight: 403 forbidden on its freeze list)`);
      const months = async (client: ApiClient) =>
        (await walkList<{ yearMonth: string }>(client, 'listExchangeRateFreezes', { maxPages: 5 })).items.map(
          (f) => f.yearMonth,
        );
      const own = new Set(await months(api));
      // A far month that the primary tenant has not frozen, frozen by the other tenant only.
      const month = FAR_MONTHS.find((m) => !own.has(m))!;
      const put = await as('otherTenant').call('putExchangeRateFreeze', { path: { yearMonth: month } });
      verifiedOnlyIf(
        !(put.status === 403 && put.json<Problem>().code === 'forbidden'),
        { target: put },
        `${noCapability} (403 forbidden on its PUT)`,
      );
      expect(put).toHaveStatus(200);
      const [theirs, ours] = await Promise.all([months(as('otherTenant')), months(api)]);
      expect(theirs, `the other tenant's list holds ${month}`).toContain(month);
      expect(ours).not.toContain(month);
    },
  );

  test(
    ...titled(
      '[ISO-002] no patent, event, fees, invoice or freeze body carries a tenant or client identifier',
    ),
    async ({ api, portfolio }) => {
      // The rule is the registry's (ISO-002 in helpers/rules/isolation.ts), applied to every
      // answer: the worker's lists of patents and events, and the single reads of each kind made here.
      const responses: ApiResponse[] = [];
      const read = async (operationId: OperationId, path?: Record<string, string>) => {
        const response = await api.call(operationId, {
          path,
          query: path ? undefined : { itemsPerPage: 100 },
        });
        expect(response).toHaveStatus(200);
        responses.push(response);
        return response.json();
      };
      // The single reads need a resource to read: one the tenant lacks leaves its kind not verified. The three
      // kinds of reads depend on nothing of each other and go together.
      const unread: string[] = [];
      const eventReads = async () => {
        const event = renewals(await portfolio.events())[0];
        if (!event) return unread.push('renewal event (its patent, event and fees single reads)');
        const ids = { patentId: event.patent.id, eventId: event.id };
        await Promise.all([
          read('getPatent', { patentId: event.patent.id }),
          read('getPatentEvent', ids),
          read('getEventFees', ids),
        ]);
      };
      const invoiceReads = async () => {
        const invoice = ((await read('listInvoices')) as InvoiceList).data[0];
        if (invoice) await read('getInvoice', { invoiceId: invoice.id });
        else unread.push('invoice');
      };
      const freezeReads = async () => {
        const freeze = ((await read('listExchangeRateFreezes')) as ExchangeRateFreezeList).data[0];
        if (freeze) await read('getExchangeRateFreeze', { yearMonth: freeze.yearMonth });
        else unread.push('exchange-rate freeze');
      };
      await Promise.all([eventReads(), invoiceReads(), freezeReads()]);
      expectRuleHolds('ISO-002', ...responses);
      expectJudged('ISO-002', api.baseUrl, "the worker's lists of patents and events");
      verifiedOnlyIf(
        unread.length === 0,
        'data',
        `the bodies read carry no tenant identifier, but ${portfolio.label} has no ${unread.join(', no ')} to read singly`,
      );
    },
  );

  test(
    ...titled(
      "[ISO-004] a sync item naming another tenant's patent by servicePatentId is REJECTED and changes nothing",
    ),
    async ({ api, as, otherPortfolio, requireSetting }) => {
      requireSetting('ALLOW_WRITES');
      const { patentId } = await otherPortfolio.claim('any');
      const other = as('otherTenant');
      const before = await other.call('getPatent', { path: { patentId } });
      expect(before).toHaveStatus(200);
      const title = `isolation probe ${randomUUID()}`;
      const sync = await api.call('syncPatents', {
        body: {
          items: [
            { servicePatentId: patentId, title },
            { servicePatentId: randomUUID(), title },
          ],
        },
      });
      expect(sync).toHaveStatus(201);
      const [foreign, unknown] = sync.json<PatentSyncBatch>().results.data;
      expect(foreign?.outcome, "outcome of the item naming the other tenant's patent").toBe('REJECTED');
      expect(unknown?.outcome, 'outcome of the item naming a random UUID').toBe('REJECTED');
      expect(foreign?.action, 'the two items get the same action').toBe(unknown?.action);
      const after = await other.call('getPatent', { path: { patentId } });
      expect(after).toHaveStatus(200);
      expect(after.json<Patent>().title).toBe(before.json<Patent>().title);
      expect(after.json<Patent>().updatedAt).toBe(before.json<Patent>().updatedAt);
    },
  );

  test(
    ...titled(
      "[ISO-001] an externalImportRef another tenant used is this tenant's own: a push with it and other items is a batch of this tenant, neither the other's replayed nor a conflict",
    ),
    async ({ api, as, requireSetting }) => {
      requireSetting('ALLOW_WRITES');
      const ref = `isolation-ref-${randomUUID()}`;
      const item = (who: string) => ({
        providerId: `ISO-REF-${who}-${randomUUID()}`,
        title: `isolation ${who}`,
      });
      const ours = await api.call('syncPatents', {
        body: { externalImportRef: ref, items: [item('primary')] },
      });
      expect(ours).toHaveStatus(201);
      const theirItem = item('other');
      const theirs = await as('otherTenant').call('syncPatents', {
        body: { externalImportRef: ref, items: [theirItem] },
      });
      verifiedOnlyIf(
        !(theirs.status === 403 && theirs.json<Problem>().code === 'insufficient_scope'),
        'setting',
        'the other tenant key (API_KEY_OTHER_TENANT) lacks patents:write',
      );
      expect(theirs, "the other tenant's push with the same reference").toHaveStatus(201);
      const batch = theirs.json<PatentSyncBatch>();
      expect(batch.importId, "the other tenant's batch is not the first tenant's").not.toBe(
        ours.json<PatentSyncBatch>().importId,
      );
      expect(batch.results.data.map((r) => r.providerId)).toEqual([theirItem.providerId]);
    },
  );

  test(
    ...titled(
      "[ISO-005] an instruction naming another tenant's event gets 404 not_found and executes nothing",
    ),
    async ({ api, as, otherPortfolio, requireSetting }) => {
      requireSetting('ALLOW_INSTRUCTIONS');
      const { patentId, events } = await otherPortfolio.claim('any', {
        refine: {
          what: 'with an instructable event, to probe a cross-tenant instruction',
          holds: (list) => renewals(list).some((e) => e.instructability.isAllowed),
        },
      });
      const target = renewals(events).find((e) => e.instructability.isAllowed)!;
      const decision = target.instructability.allowedDecisions.includes('SKIP_THIS_TIME')
        ? 'SKIP_THIS_TIME'
        : target.instructability.allowedDecisions[0]!;
      const response = await postInstructions(api, [{ eventId: target.id, decision }]);
      expect(response).toBeProblem({ status: 404, code: 'not_found' });
      const after = await as('otherTenant').call('getPatentEvent', {
        path: { patentId, eventId: target.id },
      });
      expect(after).toHaveStatus(200);
      expect(after.json<PatentEvent>().appliedDecision).toBeNull();
    },
  );

  test(
    ...titled(
      "[ISO-005] an instruction naming another tenant's event that it could not instruct gets 404 not_found, not the refusal its state would give, and changes nothing",
    ),
    async ({ api, as, otherPortfolio, requireSetting }) => {
      requireSetting('ALLOW_INSTRUCTIONS');
      // An event the other tenant itself cannot instruct (already instructed, too early or waiting for an
      // earlier one): even a target that reached it would refuse it with 409 or 422, which tells the event
      // exists; nothing executes either way. First on a patent no test has claimed (the other tenant's claims
      // change nothing on a conformant target), already-instructed events first: their state changes least.
      const rank = (e: PatentEvent) =>
        (otherPortfolio.isClaimed(e.patent.id) ? 2 : 0) + (e.appliedDecision === null ? 1 : 0);
      const [event] = renewals(await otherPortfolio.events())
        .filter((e) => !e.instructability.isAllowed)
        .sort((a, b) => rank(a) - rank(b));
      if (event === undefined)
        skipBecause(
          'data',
          `no renewal event that ${otherPortfolio.label} cannot instruct (instructability.isAllowed false) found in ${otherPortfolio.label}`,
        );
      // Its decision again, else SKIP_THIS_TIME: the answer is the one an unknown event gets.
      const response = await reinstruct(api, event);
      expect(response).toBeProblem({ status: 404, code: 'not_found' });
      const after = await as('otherTenant').call('getPatentEvent', {
        path: { patentId: event.patent.id, eventId: event.id },
      });
      expect(after).toHaveStatus(200);
      // The snapshot's decision plus the run's writes since: another instruction of the event would move it.
      await otherPortfolio.requireUnmoved(event, 'event-decision');
      expect(
        after.json<PatentEvent>().appliedDecision,
        `appliedDecision of the other tenant's event ${event.id}`,
      ).toEqual(event.appliedDecision);
    },
  );
});
