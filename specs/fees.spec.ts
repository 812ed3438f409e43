/**
 * Fees of an event: the Fees resource, GET /patents/{patentId}/events/{eventId}/fees, the fees attached by
 * include=fees, and the fee status moves ESTIMATED -> LOCKED (executed PROCEED) -> INVOICED (invoice exists).
 * Contract: Resources and their fields, Fees; States and transitions, Fees status of an event; Endpoints 5.
 *
 * Field rules are checked on the event fees of a few events (one per fee status found) and on the fees
 * attached to the events of a page of a wide window (helpers/spec/fees-reads.ts). Money is compared with decimal.js,
 * never with binary floats. When GRACE_PERIOD applies is not stated beyond "late surcharge": nothing is
 * asserted about it.
 */
import Decimal from 'decimal.js';
import {
  allFees,
  type ApiClient,
  type ApiResponse,
  awaitsDecision,
  EARLIEST_PENDING_ESTIMATED_OFFERS_PROCEED,
  earliestPending,
  expect,
  expectJudged,
  expectJudgedDuring,
  expectRuleHolds,
  feesBreaches,
  type FeesRead,
  isRenewal,
  type PatentPredicate,
  type Portfolio,
  postInstructions,
  skipBecause,
  skipIf,
  test,
  titled,
  verifiedOnlyIf,
  FEES_FIELD_RULES,
} from '../helpers/test';
import type { Fees, Invoice, PatentEvent, PatentEventList } from '../schemas/types';

/** Currency, total and components with amounts as numbers (so 95.0 and 95.00 compare equal). */
function amountsOf(fees: Fees) {
  return {
    currency: fees.currency,
    total: fees.total === null ? null : new Decimal(fees.total).toFixed(),
    components: fees.components.map((c) => `${c.type} ${new Decimal(c.amount).toFixed()}`).sort(),
  };
}

function requireSome(reads: FeesRead[], predicate: (fees: Fees) => boolean, what: string): void {
  if (!reads.some(({ fees }) => predicate(fees)))
    skipBecause('data', `no fees ${what} found in the primary tenant`);
}

test.describe('fees', () => {
  // The file's tests run in order in one worker: the fees it reads once for the run (feesReads, read by this
  // file only) are judged by the registry in this worker, where the tests that read them confirm it
  // (expectJudged).
  test.describe.configure({ mode: 'default' });

  for (const { id, title, rule } of FEES_FIELD_RULES) {
    test(...titled(`[${id}] ${title}`), async ({ api, portfolio, feesReads }) => {
      const reads = await feesReads(api);
      allFees(reads, portfolio);
      // The fees route shows its event by the path only, without the providerId of its patent: the event
      // read beside it gives that, which no single answer does. The event is the snapshot's: plus the run's
      // writes since, a patent whose providerId a push may have moved is left out.
      const writes = await portfolio.writesSinceSnapshot();
      const beside =
        id === 'FEE-004'
          ? feesBreaches(
              reads.samples.filter(({ event }) => !writes.movedEvent(event, 'patent-members')),
              rule,
            )
          : [];
      expect(beside, 'the fees read alone, with the event read beside them').toEqual([]);
      // The rule is the registry's, applied to every fees object of the worker's answers.
      expectJudged(id, api.baseUrl, 'the event fees and the fees attached with include=fees');
    });
  }

  test(
    ...titled('[FEE-005] the fees of an event read alone total the exact decimal sum of their components'),
    async ({ api, feesReads }) => {
      const { samples } = await feesReads(api);
      skipIf(samples.length === 0, 'data', 'no event found in the primary tenant (API_KEY)');
      expectJudged('FEE-005', api.baseUrl, 'the event fees read alone');
    },
  );

  test(
    ...titled(
      '[FEE-005] the fees attached with include=fees total the exact decimal sum of their components',
    ),
    async ({ api, feesReads }) => {
      const { attached } = await feesReads(api);
      skipIf(
        attached.length === 0,
        'data',
        'no event with attached fees in the wide window of the primary tenant',
      );
      expectJudged('FEE-005', api.baseUrl, 'the fees attached with include=fees');
    },
  );

  test(...titled('[FEE-011] LOCKED fees have invoiceId null'), async ({ api, portfolio, feesReads }) => {
    const reads = allFees(await feesReads(api), portfolio);
    requireSome(reads, (f) => f.feesStatus === 'LOCKED', 'LOCKED');
    expectJudged(
      'FEE-011',
      api.baseUrl,
      'the event fees and the fees attached with include=fees, LOCKED among them',
    );
  });

  test(
    ...titled('[FEE-015] the fees of an event never instructed are ESTIMATED with invoiceId null'),
    async ({ api, portfolio, feesReads }) => {
      const awaiting = (e: PatentEvent) => isRenewal(e) && awaitsDecision(e);
      const readAwaiting = async () => {
        const { events } = await portfolio.keep('unchanged', {
          what: 'with an event awaiting a decision',
          holds: (list) => list.some(awaiting),
        });
        const event = events.find(awaiting)!;
        const response = await api.call('getEventFees', {
          path: { patentId: event.patent.id, eventId: event.id },
        });
        return { event, response };
      };
      const [{ attached }, { event, response }] = await Promise.all([feesReads(api), readAwaiting()]);
      expect(response).toHaveStatus(200);
      // Never instructed, as the snapshot shows it, plus the run's writes since: an instruction of it moves it.
      await portfolio.requireUnmoved(event, 'event-decision', 'fees-status');
      const fresh = { where: 'event fees', event, fees: response.json<Fees>() };
      const neverInstructed = [fresh, ...attached.filter(({ event }) => awaitsDecision(event))];
      expect(
        feesBreaches(neverInstructed, (f) =>
          f.feesStatus === 'ESTIMATED' && f.invoiceId === null
            ? undefined
            : `${f.feesStatus} with invoiceId ${f.invoiceId}`,
        ),
      ).toEqual([]);
    },
  );

  test(
    ...titled('[FEE-017] the feesStatus of an event is the feesStatus of the fees attached to it'),
    async ({ api, feesReads }) => {
      const { attached } = await feesReads(api);
      skipIf(
        attached.length === 0,
        'data',
        'no event with attached fees in the wide window of the primary tenant',
      );
      // The rule is the relation's (helpers/rules/relations.ts), judged on the answers that attached them.
      expectJudged('FEE-017', api.baseUrl, 'the events read with include=fees');
    },
  );

  test(
    ...titled('[FEE-012] LOCKED fees show the same amounts in the event fees and in include=fees'),
    async ({ api, portfolio }) => {
      const { events } = await portfolio.keep('locked-unchanged');
      const event = events.find((e) => e.feesStatus === 'LOCKED')!;
      const [alone, window] = await Promise.all([
        api.call('getEventFees', { path: { patentId: event.patent.id, eventId: event.id } }),
        api.call('listEventsByPeriod', {
          query: { dueFrom: event.dueDate, dueTo: event.dueDate, include: 'fees', itemsPerPage: 100 },
        }),
      ]);
      expect(alone).toHaveStatus(200);
      expect(window).toHaveStatus(200);
      const listed = window.json<PatentEventList>().data.find((e) => e.id === event.id);
      expect(listed?.fees, `event ${event.id} with its fees in the window of ${event.dueDate}`).toBeDefined();
      // LOCKED, as the snapshot shows it, plus the run's writes since: invoicing it moves it.
      await portfolio.requireUnmoved(event, 'fees-status');
      expect(alone.json<Fees>().feesStatus).toBe('LOCKED');
      expect(amountsOf(listed!.fees!)).toEqual(amountsOf(alone.json<Fees>()));
    },
  );

  test(
    ...titled(
      '[FEE-013] INVOICED fees name an invoice that GET /invoices/{invoiceId} returns with a line for the event',
    ),
    async ({ api, portfolio, feesReads }) => {
      portfolio.needs('invoiced');
      const { samples } = await feesReads(api);
      const invoiced = samples.find(({ fees }) => fees.feesStatus === 'INVOICED');
      skipIf(!invoiced, 'data', 'no event with INVOICED fees found in the primary tenant (API_KEY)');
      const { event, fees } = invoiced!;
      // Readable, with a line for the event: what two answers show, checked here.
      const response = await api.call('getInvoice', { path: { invoiceId: fees.invoiceId! } });
      expect(response).toHaveStatus(200);
      const lines = response.json<Invoice>().fees.filter((line) => line.eventId === event.id);
      expect(lines.length, `lines of invoice ${fees.invoiceId} for event ${event.id}`).toBeGreaterThan(0);
      // A non-null invoiceId: the registry's rule, on the event fees the worker read.
      expectJudged('FEE-013', api.baseUrl, 'the event fees read alone, INVOICED among them');
    },
  );

  test(
    ...titled("[FEE-014] INVOICED fees carry the amounts billed on the event's invoice line"),
    async ({ api, portfolio, feesReads }) => {
      portfolio.needs('invoiced');
      const { samples } = await feesReads(api);
      const invoiced = samples.find(({ fees }) => fees.feesStatus === 'INVOICED' && fees.invoiceId !== null);
      skipIf(!invoiced, 'data', 'no event with INVOICED fees found in the primary tenant (API_KEY)');
      const { event, fees } = invoiced!;
      const response = await api.call('getInvoice', { path: { invoiceId: fees.invoiceId! } });
      expect(response).toHaveStatus(200);
      const lines = response.json<Invoice>().fees.filter((line) => line.eventId === event.id);
      expect(lines.length, `lines of invoice ${fees.invoiceId} for event ${event.id}`).toBeGreaterThan(0);
      expect(lines.map(amountsOf)).toContainEqual(amountsOf(fees));
    },
  );

  /** Claims a patent whose earliest pending event is ESTIMATED and offers PROCEED; returns that event. */
  async function claimProceedable(portfolio: Portfolio, prefer?: PatentPredicate): Promise<PatentEvent> {
    const { events } = await portfolio.claim('proceedable', {
      refine: EARLIEST_PENDING_ESTIMATED_OFFERS_PROCEED,
      ...(prefer ? { prefer } : {}),
    });
    return earliestPending(events)!;
  }

  /**
   * Patents whose fees are in a currency other than the commonest, found from one estimate per office (at most
   * six reads): the lock must keep whatever currency the estimate is in, not only the usual one.
   */
  async function otherCurrencies(api: ApiClient, portfolio: Portfolio): Promise<PatentPredicate> {
    const offices = new Map((await portfolio.patents()).map((p) => [p.id, p.office]));
    const byOffice = new Map<string, PatentEvent>();
    for (const e of await portfolio.events())
      if (e.feesStatus === 'ESTIMATED' && !byOffice.has(offices.get(e.patent.id) ?? '') && byOffice.size < 6)
        byOffice.set(offices.get(e.patent.id) ?? '', e);
    // One estimate per office, read together.
    const currencies = new Map<string, string>();
    const read = await Promise.all(
      [...byOffice].map(async ([office, e]) => ({
        office,
        fees: await api.call('getEventFees', { path: { patentId: e.patent.id, eventId: e.id } }),
      })),
    );
    for (const { office, fees } of read)
      if (fees.status === 200) currencies.set(office, fees.json<Fees>().currency);
    const counts = new Map<string, number>();
    for (const c of currencies.values()) counts.set(c, (counts.get(c) ?? 0) + 1);
    const commonest = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    return (events) => {
      const currency = currencies.get(offices.get(events[0]?.patent.id ?? '') ?? '');
      return currency !== undefined && currency !== commonest;
    };
  }

  /** Reads the fees of the event, answered 200; `when` names the read in a failure. */
  function feesReader(api: ApiClient, event: PatentEvent): (when: string) => Promise<Fees> {
    const path = { patentId: event.patent.id, eventId: event.id };
    return async (when) => {
      const response = await api.call('getEventFees', { path });
      expect(response, `fees of ${event.id} ${when}`).toHaveStatus(200);
      return response.json<Fees>();
    };
  }

  /**
   * PROCEED on the event once two reads show the same estimate, and the fees LOCKED right after it carrying
   * that estimate. ESTIMATED is "recomputed live": the lock takes the estimate in force at execution; if it
   * moves between two reads, it may move again before the lock (not verified).
   */
  async function lockStillEstimate(
    api: ApiClient,
    event: PatentEvent,
    readFees: (when: string) => Promise<Fees>,
  ): Promise<Fees> {
    const first = await readFees('before the PROCEED');
    const estimate = await readFees('just before the PROCEED');
    expect(estimate.feesStatus, 'fees status before the PROCEED').toBe('ESTIMATED');
    verifiedOnlyIf(
      JSON.stringify(amountsOf(first)) === JSON.stringify(amountsOf(estimate)),
      'time',
      `the estimate of ${event.id} moved between two reads (${JSON.stringify(amountsOf(first))}, then ${JSON.stringify(amountsOf(estimate))})`,
    );
    await proceed(api, event);
    const locked = await readFees('right after the PROCEED');
    expect(locked.feesStatus).toBe('LOCKED');
    expect(amountsOf(locked), 'LOCKED amounts against the estimate read just before').toEqual(
      amountsOf(estimate),
    );
    return locked;
  }

  /** Posts PROCEED on the event, which executes it (201). */
  async function proceed(api: ApiClient, event: PatentEvent): Promise<void> {
    expect(await postInstructions(api, [{ eventId: event.id, decision: 'PROCEED' }])).toHaveStatus(201);
  }

  test(
    ...titled(
      '[FEE-010, FEE-011] after an executed PROCEED the fees of the event are LOCKED with invoiceId null',
    ),
    async ({ api, portfolio, requireSetting }) => {
      requireSetting('ALLOW_INSTRUCTIONS');
      const event = await claimProceedable(portfolio);
      let response: ApiResponse | undefined;
      // Not ESTIMATED on a read after the PROCEED: the relation's rule, on the POST and the read.
      await expectJudgedDuring(
        'FEE-010',
        api.baseUrl,
        `the PROCEED of ${event.id}, then its fees`,
        async () => {
          await proceed(api, event);
          response = await api.call('getEventFees', {
            path: { patentId: event.patent.id, eventId: event.id },
          });
          expect(response).toHaveStatus(200);
        },
      );
      // LOCKED, not yet INVOICED (which the relation also accepts, an invoice may come between two reads):
      // nothing invoiced the event here.
      expect(response!.json<Fees>().feesStatus).toBe('LOCKED');
      expectRuleHolds('FEE-011', response!);
    },
  );

  test(
    ...titled(
      '[FEE-016, FEE-012] the fees LOCKED by a PROCEED keep the estimate read just before it, on the read right after and on a later read',
    ),
    async ({ api, portfolio, requireSetting }) => {
      requireSetting('ALLOW_INSTRUCTIONS');
      // A patent whose fees are in another currency than the commonest first: the lock keeps the currency too.
      const event = await claimProceedable(portfolio, await otherCurrencies(api, portfolio));
      const path = { patentId: event.patent.id, eventId: event.id };
      const readFees = feesReader(api, event);
      const locked = await lockStillEstimate(api, event, readFees);
      // A later read, past another read of the event: still the same amounts.
      expect(await api.call('getPatentEvent', { path })).toHaveStatus(200);
      expect(amountsOf(await readFees('on a later read')), 'LOCKED amounts on a later read').toEqual(
        amountsOf(locked),
      );
    },
  );

  test(
    ...titled(
      '[FEE-016] after the office revised its fee, the fees LOCKED by a PROCEED carry the estimate read after the revision',
    ),
    async ({ api, portfolio, requireSetting, providerState }) => {
      requireSetting('ALLOW_INSTRUCTIONS');
      requireSetting('PROVIDER_STATES_URL');
      const event = await claimProceedable(portfolio);
      const readFees = feesReader(api, event);
      // An estimate read before the revision, then the estimate "recomputed live" after it: the lock takes the
      // one in force at its execution, not one remembered from an earlier read.
      await readFees('before the revision');
      await providerState('office-fee-revised', { eventId: event.id });
      await lockStillEstimate(api, event, readFees);
    },
  );

  test(
    ...titled('[FEE-012] LOCKED fees keep their amounts when the office revises its fee for the event'),
    async ({ api, portfolio, requireSetting, providerState }) => {
      requireSetting('ALLOW_INSTRUCTIONS');
      requireSetting('PROVIDER_STATES_URL');
      const event = await claimProceedable(portfolio);
      const path = { patentId: event.patent.id, eventId: event.id };
      await proceed(api, event);
      const before = await api.call('getEventFees', { path });
      expect(before).toHaveStatus(200);
      expect(before.json<Fees>().feesStatus).toBe('LOCKED');
      // What an estimate is computed from is not stated: the back office moves it; "amounts fixed" must hold.
      await providerState('office-fee-revised', { eventId: event.id });
      const after = await api.call('getEventFees', { path });
      expect(after).toHaveStatus(200);
      expect(after.json<Fees>().feesStatus).toBe('LOCKED');
      expect(amountsOf(after.json<Fees>()), 'LOCKED amounts after the revision').toEqual(
        amountsOf(before.json<Fees>()),
      );
    },
  );

  test(
    ...titled(
      '[FEE-014] INVOICED fees keep the billed amounts when the office revises its fee for the event',
    ),
    async ({ api, portfolio, requireSetting, providerState }) => {
      requireSetting('PROVIDER_STATES_URL');
      const event = await portfolio.eventIn('invoiced');
      const path = { patentId: event.patent.id, eventId: event.id };
      const before = await api.call('getEventFees', { path });
      expect(before).toHaveStatus(200);
      expect(before.json<Fees>().feesStatus).toBe('INVOICED');
      // What was billed stays billed: an estimate moved by the back office must not show through.
      await providerState('office-fee-revised', { eventId: event.id });
      const after = await api.call('getEventFees', { path });
      expect(after).toHaveStatus(200);
      expect(amountsOf(after.json<Fees>()), 'INVOICED amounts after the revision').toEqual(
        amountsOf(before.json<Fees>()),
      );
    },
  );

  test(
    ...titled(
      '[FEE-012] LOCKED fees keep their amounts when the exchange rates of their due month are frozen',
    ),
    async ({ api, portfolio, requireSetting, providerState }) => {
      requireSetting('ALLOW_WRITES');
      requireSetting('PROVIDER_STATES_URL');
      const { events } = await portfolio.keep('locked-unchanged');
      const event = events.find((e) => e.feesStatus === 'LOCKED')!;
      const path = { patentId: event.patent.id, eventId: event.id };
      const before = await api.call('getEventFees', { path });
      expect(before).toHaveStatus(200);
      // The estimate moved away from the locked amounts first: a freeze that re-prices fixed amounts shows.
      await providerState('office-fee-revised', { eventId: event.id });
      const put = await api.call('putExchangeRateFreeze', { path: { yearMonth: event.dueDate.slice(0, 7) } });
      skipIf(put.status === 403, 'setting', 'the account cannot freeze exchange rates (403 forbidden)');
      expect(put).toHaveStatus(200);
      const after = await api.call('getEventFees', { path });
      expect(after).toHaveStatus(200);
      expect(after.json<Fees>().feesStatus).toBe('LOCKED');
      expect(amountsOf(after.json<Fees>()), 'LOCKED amounts after the freeze').toEqual(
        amountsOf(before.json<Fees>()),
      );
    },
  );

  test(
    ...titled(
      '[FEE-013] once a PROCEEDed event is invoiced, its fees are INVOICED and name an invoice with its line',
    ),
    async ({ api, portfolio, requireSetting, providerState }) => {
      requireSetting('ALLOW_INSTRUCTIONS');
      requireSetting('PROVIDER_STATES_URL');
      const event = await claimProceedable(portfolio);
      await proceed(api, event);
      await providerState('event-invoiced', { eventId: event.id });
      const response = await api.call('getEventFees', {
        path: { patentId: event.patent.id, eventId: event.id },
      });
      expect(response).toHaveStatus(200);
      const fees = response.json<Fees>();
      expect(fees.feesStatus).toBe('INVOICED');
      // A non-null invoiceId: the registry's rule. Readable, with the event's line: two answers', checked here.
      expectRuleHolds('FEE-013', response);
      const invoice = await api.call('getInvoice', { path: { invoiceId: fees.invoiceId! } });
      expect(invoice).toHaveStatus(200);
      expect(invoice.json<Invoice>().fees.map((line) => line.eventId)).toContain(event.id);
    },
  );
});
