/**
 * Patent events: the Patent event resource (renewal, instructability), GET /patents/{patentId}/events and
 * GET /patents/{patentId}/events/{eventId}.
 * Contract: Resources and their fields, Patent event; Endpoints, Patent events (3 and 4); Events.
 *
 * Field rules are checked on every event of the worker's snapshot (the by-period list over a wide window) and
 * on fresh per-patent sweeps of a few patents chosen to hold every instructability state. Rules that relate
 * the events of one patent are checked on the per-patent sweeps only (one page: one consistent read).
 * Event kinds other than RENEWAL are ignored (additive evolution). The server's "today" may be a day off the
 * suite's UTC date (its own time zone), so date rules keep two days of slack.
 */
import { addDays, isCalendarDate, isDateTime, utcToday } from '../helpers/calendar';
import { isPatentClaimed } from '../helpers/claim-status';
import { earliestPending, renewals, skipBecause, sortByDue, type Portfolio } from '../helpers/discovery';
import { pickDocumented } from '../helpers/documented-members';
import { titled, expect, test } from '../helpers/fixtures';
import { sharedSweep } from '../helpers/shared-sweeps';
import { walkList } from '../helpers/pagination';
import { nonEmpty, verifiedOnlyIf } from '../helpers/verified';
import type { Decision, Patent, PatentEvent, PatentEventList } from '../schemas/types';

const DECISIONS: readonly Decision[] = ['PROCEED', 'SKIP_THIS_TIME', 'DROP'];
const SLACK_DAYS = 2;

interface EventReads {
  /** The worker's snapshot: every event of the by-period list over a wide window. */
  snapshot: PatentEvent[];
  /** Fresh per-patent sweeps of the sampled patents, by patent id. */
  perPatent: Map<string, PatentEvent[]>;
}

const readsByPortfolio = new WeakMap<Portfolio, Promise<EventReads>>();

/** Picks up to one patent per instructability state found in the snapshot (and the one with most events). */
function samplePatents(snapshot: PatentEvent[], namespace: string): string[] {
  const byPatent = new Map<string, PatentEvent[]>();
  for (const event of renewals(snapshot))
    byPatent.set(event.patent.id, [...(byPatent.get(event.patent.id) ?? []), event]);
  const candidates = [...byPatent].filter(([id]) => !isPatentClaimed(namespace, id));
  const states: ((e: PatentEvent) => boolean)[] = [
    (e) => e.instructability.blockedReason === 'EARLIER_EVENT_PENDING',
    (e) => e.instructability.blockedReason === 'ALREADY_INSTRUCTED',
    (e) => e.instructability.blockedReason === 'TOO_EARLY',
    (e) => e.duePeriod === 'LAPSED' && e.instructability.isAllowed,
    (e) => e.instructability.isAllowed,
    (e) => e.renewal?.paymentSequenceNumber !== undefined && e.renewal?.paymentSequenceNumber !== null,
    // Blocked for a reason outside the three (OPEN-POINTS B21, E3).
    (e) => !e.instructability.isAllowed && e.instructability.blockedReason === null,
  ];
  const chosen = new Set<string>();
  const most = [...candidates].sort((a, b) => b[1].length - a[1].length)[0];
  if (most) chosen.add(most[0]);
  for (const state of states) {
    if ([...chosen].some((id) => byPatent.get(id)!.some(state))) continue;
    const found = candidates.find(([, events]) => events.some(state));
    if (found) chosen.add(found[0]);
  }
  return [...chosen].slice(0, 4);
}

function eventReads(portfolio: Portfolio, namespace: string): Promise<EventReads> {
  let reads = readsByPortfolio.get(portfolio);
  if (!reads) {
    reads = (async () => {
      const snapshot = await portfolio.events();
      // The per-patent sweeps are read once for the run, whichever worker asks first.
      const sweeps = await sharedSweep(namespace, 'per-patent-events', async () => {
        const entries: [string, PatentEvent[]][] = [];
        for (const patentId of samplePatents(snapshot, namespace))
          entries.push([patentId, await portfolio.eventsOf(patentId)]);
        return entries;
      });
      return { snapshot, perPatent: new Map(sweeps) };
    })();
    readsByPortfolio.set(portfolio, reads);
  }
  return reads;
}

/** An event of the snapshot and a patent of the same tenant that the event does not belong to. */
async function eventUnderAnotherPatent(portfolio: Portfolio): Promise<{ eventId: string; patentId: string }> {
  const events = await portfolio.events();
  const event = events[0] ?? skipBecause(`no event found in ${portfolio.label}`);
  const other =
    events.find((e) => e.patent.id !== event.patent.id)?.patent.id ??
    (await portfolio.patents()).find((p) => p.id !== event.patent.id)?.id ??
    skipBecause(`no second patent found in ${portfolio.label}`);
  return { eventId: event.id, patentId: other };
}

interface Labelled {
  where: string;
  event: PatentEvent;
}

/** Every event read, labelled with where it was read; skips when the tenant has no event. */
async function allEvents(portfolio: Portfolio, namespace: string): Promise<Labelled[]> {
  const { snapshot, perPatent } = await eventReads(portfolio, namespace);
  if (snapshot.length === 0) skipBecause(`no event found in ${portfolio.label}`);
  return [
    ...snapshot.map((event) => ({ where: 'by-period list', event })),
    ...[...perPatent.values()].flat().map((event) => ({ where: 'per-patent list', event })),
  ];
}

/** One line per event that breaks the rule. */
function breaches(events: Labelled[], rule: (e: PatentEvent) => string | undefined): string[] {
  return events.flatMap(({ where, event }) => {
    const problem = rule(event);
    return problem === undefined ? [] : [`${where}, event ${event.id}: ${problem}`];
  });
}

function renewalsOf(events: Labelled[]): Labelled[] {
  return events.filter(({ event }) => event.eventType === 'RENEWAL');
}

function requireSome(events: Labelled[], predicate: (e: PatentEvent) => boolean, what: string): void {
  if (!events.some(({ event }) => predicate(event)))
    skipBecause(`no event ${what} found in the primary tenant`);
}

/**
 * The order of due dates as listed: "ordered by due date" states no direction (OPEN-POINTS E3), so ascending and
 * descending both hold; 'tied' when there are fewer than two distinct dates.
 */
function dueOrder(dues: string[]): 'ascending' | 'descending' | 'tied' | 'unordered' {
  const ascending = dues.every((due, i) => i === 0 || dues[i - 1]! <= due);
  const descending = dues.every((due, i) => i === 0 || dues[i - 1]! >= due);
  if (ascending && descending) return 'tied';
  return ascending ? 'ascending' : descending ? 'descending' : 'unordered';
}

/** The first day of the month two months before the month of `dueDate`. */
function expectedOpensAt(dueDate: string): string {
  const index = Number(dueDate.slice(0, 4)) * 12 + (Number(dueDate.slice(5, 7)) - 1) - 2;
  const year = String(Math.floor(index / 12)).padStart(4, '0');
  const month = String((index % 12) + 1).padStart(2, '0');
  return `${year}-${month}-01`;
}

function oneOf(name: keyof PatentEvent, values: readonly (string | null)[]) {
  return (e: PatentEvent) => {
    const value = (e as unknown as Record<string, unknown>)[name];
    return name in e && values.includes(value as string | null)
      ? undefined
      : `${name} is ${name in e ? JSON.stringify(value) : 'absent'}, not one of ${values.join(', ')}`;
  };
}

const FIELD_RULES: {
  id: string;
  title: string;
  renewalsOnly?: boolean;
  rule: (e: PatentEvent) => string | undefined;
}[] = [
  {
    id: 'EVT-001',
    title: 'every event has object "patentEvent"',
    rule: (e) => (e.object === 'patentEvent' ? undefined : `object is ${JSON.stringify(e.object)}`),
  },
  {
    id: 'EVT-003',
    title: 'eventType is a non-empty string on every event',
    rule: (e) =>
      typeof e.eventType === 'string' && e.eventType !== ''
        ? undefined
        : `eventType is ${JSON.stringify(e.eventType)}`,
  },
  {
    id: 'EVT-004',
    title: 'dueDate is a calendar date on every event',
    rule: (e) => (isCalendarDate(e.dueDate) ? undefined : `dueDate is ${JSON.stringify(e.dueDate)}`),
  },
  {
    id: 'EVT-005',
    title: 'gracePeriodEndDate is present on every event, a calendar date or null',
    rule: (e) =>
      'gracePeriodEndDate' in e && (e.gracePeriodEndDate === null || isCalendarDate(e.gracePeriodEndDate))
        ? undefined
        : `gracePeriodEndDate is ${JSON.stringify(e.gracePeriodEndDate)}`,
  },
  {
    id: 'EVT-006',
    title: 'every RENEWAL event carries a renewal object',
    renewalsOnly: true,
    rule: (e) =>
      typeof e.renewal === 'object' && e.renewal !== null
        ? undefined
        : `renewal is ${JSON.stringify(e.renewal)}`,
  },
  {
    id: 'EVT-007',
    title: 'renewal.annuityYear is an integer on every RENEWAL event',
    renewalsOnly: true,
    rule: (e) =>
      Number.isInteger(e.renewal?.annuityYear)
        ? undefined
        : `annuityYear is ${JSON.stringify(e.renewal?.annuityYear)}`,
  },
  {
    id: 'EVT-008',
    title: 'renewal.paymentSequenceNumber, when present, is an integer or null',
    renewalsOnly: true,
    rule: (e) => {
      if (!e.renewal || !('paymentSequenceNumber' in e.renewal)) return undefined;
      const value = e.renewal.paymentSequenceNumber;
      return value === null || Number.isInteger(value)
        ? undefined
        : `paymentSequenceNumber is ${JSON.stringify(value)}`;
    },
  },
  {
    id: 'EVT-010',
    title: 'appliedDecision is PROCEED, SKIP_THIS_TIME, DROP or null on every event',
    rule: oneOf('appliedDecision', [...DECISIONS, null]),
  },
  {
    id: 'EVT-011',
    title: 'duePeriod is LATE, GRACE_PERIOD, CURRENT, UPCOMING, LAPSED or null on every event',
    rule: oneOf('duePeriod', ['LATE', 'GRACE_PERIOD', 'CURRENT', 'UPCOMING', 'LAPSED', null]),
  },
  {
    id: 'EVT-012',
    title: 'processingStatus is one of the six statuses or null on every event',
    rule: oneOf('processingStatus', [
      'NOT_INSTRUCTED',
      'INSTRUCTED',
      'PAYMENT_SENT',
      'PAYMENT_CONFIRMED',
      'FULFILLED',
      'UNPROCESSABLE',
      null,
    ]),
  },
  {
    id: 'EVT-013',
    title: 'processingStatusUpdatedAt, createdAt and updatedAt are present, each a date-time or null',
    rule: (e) => {
      const bad = (['processingStatusUpdatedAt', 'createdAt', 'updatedAt'] as const).filter(
        (name) => !(name in e) || !(e[name] === null || isDateTime(e[name])),
      );
      return bad.length === 0
        ? undefined
        : bad.map((name) => `${name} is ${JSON.stringify(e[name])}`).join('; ');
    },
  },
  {
    id: 'EVT-014',
    title: 'isFxRateFrozen is a boolean on every event',
    rule: (e) =>
      typeof e.isFxRateFrozen === 'boolean'
        ? undefined
        : `isFxRateFrozen is ${JSON.stringify(e.isFxRateFrozen)}`,
  },
  {
    id: 'EVT-015',
    title: 'feesStatus of an event is ESTIMATED, LOCKED, INVOICED or null',
    rule: oneOf('feesStatus', ['ESTIMATED', 'LOCKED', 'INVOICED', null]),
  },
  {
    id: 'EVT-017',
    title: 'every event carries an instructability object with a boolean isAllowed',
    rule: (e) =>
      typeof e.instructability === 'object' &&
      e.instructability !== null &&
      typeof e.instructability.isAllowed === 'boolean'
        ? undefined
        : `instructability is ${JSON.stringify(e.instructability)}`,
  },
  {
    id: 'EVT-018',
    title: 'allowedDecisions holds only PROCEED, SKIP_THIS_TIME or DROP, each at most once',
    rule: (e) => {
      const decisions = e.instructability.allowedDecisions;
      return Array.isArray(decisions) &&
        decisions.every((d) => DECISIONS.includes(d)) &&
        new Set(decisions).size === decisions.length
        ? undefined
        : `allowedDecisions is ${JSON.stringify(decisions)}`;
    },
  },
  {
    id: 'EVT-019',
    title: 'allowedDecisions is empty exactly when isAllowed is false',
    renewalsOnly: true,
    rule: (e) => {
      const { isAllowed, allowedDecisions } = e.instructability;
      return isAllowed === allowedDecisions.length > 0
        ? undefined
        : `isAllowed ${isAllowed} with allowedDecisions ${JSON.stringify(allowedDecisions)}`;
    },
  },
  {
    id: 'EVT-021',
    title: 'blockedReason is ALREADY_INSTRUCTED, TOO_EARLY, EARLIER_EVENT_PENDING or null',
    rule: (e) =>
      [null, 'ALREADY_INSTRUCTED', 'TOO_EARLY', 'EARLIER_EVENT_PENDING'].includes(
        e.instructability.blockedReason,
      )
        ? undefined
        : `blockedReason is ${JSON.stringify(e.instructability.blockedReason)}`,
  },
  {
    id: 'EVT-022',
    // Only "allowed => null" is stated; a blocked event's reason is checked where a rule gives it (OPEN-POINTS B21).
    title: 'blockedReason is null when isAllowed is true',
    renewalsOnly: true,
    rule: (e) => {
      const { isAllowed, blockedReason } = e.instructability;
      return !isAllowed || blockedReason === null
        ? undefined
        : `isAllowed ${isAllowed} with blockedReason ${blockedReason}`;
    },
  },
  {
    id: 'EVT-024',
    title: 'instructability.mode is DIRECT',
    rule: (e) =>
      e.instructability.mode === 'DIRECT' ? undefined : `mode is ${JSON.stringify(e.instructability.mode)}`,
  },
];

test.describe('events', () => {
  for (const { id, title, renewalsOnly, rule } of FIELD_RULES) {
    test(...titled(`[${id}] ${title}`), async ({ portfolio, target }) => {
      const events = await allEvents(portfolio, target.baseUrl);
      expect(breaches(renewalsOnly ? renewalsOf(events) : events, rule)).toEqual([]);
    });
  }

  test(
    ...titled("[EVT-002] the patent reference of an event names its patent, with that patent's providerId"),
    async ({ api, portfolio, target }) => {
      const events = await allEvents(portfolio, target.baseUrl);
      const { perPatent } = await eventReads(portfolio, target.baseUrl);
      const patents = new Map((await portfolio.patents()).map((p) => [p.id, p]));
      // A patent created after the snapshot is read now; a claimed patent may have changed its providerId.
      const unreadable: string[] = [];
      const unknown = [...new Set(events.map(({ event }) => event.patent.id))].filter(
        (id) => !patents.has(id),
      );
      for (const patentId of unknown) {
        const response = await api.call('getPatent', { path: { patentId } });
        if (response.status === 200) patents.set(patentId, response.json<Patent>());
        else unreadable.push(`the patent ${patentId} named by an event answers ${response.status}`);
      }
      const problems = breaches(events, (e) => {
        const patent = patents.get(e.patent.id);
        if (patent === undefined) return undefined; // reported in `unreadable`
        if (isPatentClaimed(target.baseUrl, patent.id) || e.patent.providerId === patent.providerId)
          return undefined;
        return `patent.providerId ${JSON.stringify(e.patent.providerId)}, the patent has ${JSON.stringify(patent.providerId)}`;
      });
      for (const [patentId, list] of perPatent) {
        for (const e of list.filter((event) => event.patent.id !== patentId))
          problems.push(`per-patent list of ${patentId}, event ${e.id}: patent.id is ${e.patent.id}`);
      }
      expect([...unreadable, ...problems]).toEqual([]);
    },
  );

  test(
    ...titled('[EVT-009] renewal.paymentSequenceNumber never equals annuityYear'),
    async ({ portfolio, target }) => {
      const events = renewalsOf(await allEvents(portfolio, target.baseUrl));
      const shown = events.filter(({ event }) => typeof event.renewal?.paymentSequenceNumber === 'number');
      test.info().annotations.push({
        type: 'observation',
        description: `${shown.length} of ${events.length} renewal events read carry a paymentSequenceNumber`,
      });
      expect(
        breaches(events, (e) =>
          e.renewal?.paymentSequenceNumber === e.renewal?.annuityYear
            ? `paymentSequenceNumber ${e.renewal?.paymentSequenceNumber} equals annuityYear`
            : undefined,
        ),
      ).toEqual([]);
    },
  );

  test(
    ...titled('[EVT-016] events carry no fees member unless include=fees is requested'),
    async ({ api, portfolio, target }) => {
      const events = await allEvents(portfolio, target.baseUrl);
      const unchanged = events.find(({ event: e }) => !isPatentClaimed(target.baseUrl, e.patent.id));
      test.skip(!unchanged, 'every event read belongs to a patent claimed by a test that changes it');
      const { event } = unchanged!;
      const single = await api.call('getPatentEvent', {
        path: { patentId: event.patent.id, eventId: event.id },
      });
      expect(single).toHaveStatus(200);
      const read = [...events, { where: 'single read', event: single.json<PatentEvent>() }];
      expect(breaches(read, (e) => ('fees' in e ? 'carries a fees member' : undefined))).toEqual([]);
    },
  );

  test(...titled('[EVT-020] a LAPSED event never offers PROCEED'), async ({ portfolio, target }) => {
    const events = renewalsOf(await allEvents(portfolio, target.baseUrl));
    requireSome(
      events,
      (e) => e.duePeriod === 'LAPSED' && e.instructability.isAllowed,
      'with duePeriod LAPSED that is allowed',
    );
    expect(
      breaches(events, (e) =>
        e.duePeriod === 'LAPSED' && e.instructability.allowedDecisions.includes('PROCEED')
          ? `allowedDecisions ${JSON.stringify(e.instructability.allowedDecisions)}`
          : undefined,
      ),
    ).toEqual([]);
  });

  test(
    ...titled(
      '[EVT-021] ALREADY_INSTRUCTED is the blockedReason of exactly the events with an appliedDecision',
    ),
    async ({ portfolio, target }) => {
      const events = renewalsOf(await allEvents(portfolio, target.baseUrl));
      requireSome(events, (e) => e.appliedDecision !== null, 'with an appliedDecision');
      expect(
        breaches(events, (e) =>
          (e.appliedDecision !== null) === (e.instructability.blockedReason === 'ALREADY_INSTRUCTED')
            ? undefined
            : `appliedDecision ${e.appliedDecision} with blockedReason ${e.instructability.blockedReason}`,
        ),
      ).toEqual([]);
    },
  );

  test(
    ...titled('[EVT-021] TOO_EARLY is given only while today is before opensAt'),
    async ({ portfolio, target }) => {
      const events = renewalsOf(await allEvents(portfolio, target.baseUrl));
      requireSome(events, (e) => e.instructability.blockedReason === 'TOO_EARLY', 'blocked as TOO_EARLY');
      const earliestServerToday = addDays(utcToday(), -SLACK_DAYS);
      expect(
        breaches(events, (e) => {
          const { blockedReason, opensAt } = e.instructability;
          if (blockedReason !== 'TOO_EARLY') return undefined;
          return opensAt !== null && opensAt > earliestServerToday
            ? undefined
            : `TOO_EARLY with opensAt ${opensAt} (the suite's UTC date is ${utcToday()})`;
        }),
      ).toEqual([]);
    },
  );

  test(
    ...titled(
      '[EVT-017] an event awaiting a decision whose window opens in more than two days is not allowed',
    ),
    async ({ portfolio, target }) => {
      const events = renewalsOf(await allEvents(portfolio, target.baseUrl));
      const latestServerToday = addDays(utcToday(), SLACK_DAYS);
      const early = (e: PatentEvent) =>
        e.appliedDecision === null &&
        e.instructability.opensAt !== null &&
        e.instructability.opensAt > latestServerToday;
      requireSome(events, early, `awaiting a decision with opensAt after ${latestServerToday}`);
      expect(
        breaches(events, (e) =>
          early(e) && e.instructability.isAllowed
            ? `allowed although opensAt is ${e.instructability.opensAt}`
            : undefined,
        ),
      ).toEqual([]);
    },
  );

  test(
    ...titled('[EVT-023] opensAt is the first day of the month two months before the due month'),
    async ({ portfolio, target }) => {
      const events = renewalsOf(await allEvents(portfolio, target.baseUrl));
      requireSome(events, (e) => e.instructability.opensAt !== null, 'with an opensAt');
      const yearBoundary = events.filter(({ event }) => /-0[12]-/.test(event.dueDate)).length;
      test.info().annotations.push({
        type: 'observation',
        description: `${yearBoundary} renewal events read are due in January or February (opensAt in the previous year)`,
      });
      expect(
        breaches(events, (e) => {
          const { opensAt } = e.instructability;
          return opensAt === null || opensAt === expectedOpensAt(e.dueDate)
            ? undefined
            : `due ${e.dueDate}, opensAt ${opensAt}, expected ${expectedOpensAt(e.dueDate)}`;
        }),
      ).toEqual([]);
    },
  );

  test(
    ...titled(
      '[EVT-021] EARLIER_EVENT_PENDING is given only when an earlier event of the patent awaits a decision',
    ),
    async ({ portfolio, target }) => {
      const { perPatent } = await eventReads(portfolio, target.baseUrl);
      const sweeps = [...perPatent.values()];
      const blocked = (e: PatentEvent) =>
        e.eventType === 'RENEWAL' && e.instructability.blockedReason === 'EARLIER_EVENT_PENDING';
      test.skip(
        !sweeps.flat().some(blocked),
        'no sampled patent has an event blocked as EARLIER_EVENT_PENDING',
      );
      // The earlier event may be of any kind: whether other kinds hold the queue is the server's reading.
      const problems = sweeps.flatMap((events) =>
        events
          .filter(blocked)
          .filter((e) => !events.some((p) => p.appliedDecision === null && p.dueDate < e.dueDate))
          .map(
            (e) =>
              `event ${e.id} (due ${e.dueDate}) of patent ${e.patent.id}: no earlier event awaits a decision`,
          ),
      );
      expect(problems).toEqual([]);
    },
  );

  test(
    ...titled('[EVT-017] only the earliest event of a patent awaiting a decision can be allowed'),
    async ({ portfolio, target }) => {
      const { perPatent } = await eventReads(portfolio, target.baseUrl);
      const sweeps = [...perPatent.values()].map(renewals);
      test.skip(
        !sweeps.some((events) => events.filter((e) => e.appliedDecision === null).length > 1),
        'no sampled patent has two events awaiting a decision',
      );
      const problems = sweeps.flatMap((events) =>
        events
          .filter((e) => e.instructability.isAllowed)
          .filter((e) => events.some((p) => p.appliedDecision === null && p.dueDate < e.dueDate))
          .map(
            (e) =>
              `event ${e.id} (due ${e.dueDate}) of patent ${e.patent.id} is allowed behind an earlier pending event`,
          ),
      );
      expect(problems).toEqual([]);
    },
  );

  test(
    ...titled(
      '[EVT-017] the earliest event of a patent awaiting a decision, once its window has opened, is not blocked as already instructed, too early or behind an earlier event',
    ),
    async ({ portfolio, target }) => {
      const { perPatent } = await eventReads(portfolio, target.baseUrl);
      const earliestServerToday = addDays(utcToday(), -SLACK_DAYS);
      const candidates = [...perPatent.values()].flatMap((events) => {
        const first = earliestPending(events);
        if (
          !first ||
          first.instructability.opensAt === null ||
          first.instructability.opensAt > earliestServerToday
        )
          return [];
        // An earlier event of a kind the suite does not know may hold the queue (the server's reading).
        const heldByOtherKind = events.some(
          (e) => e.eventType !== 'RENEWAL' && e.appliedDecision === null && e.dueDate < first.dueDate,
        );
        return [{ first, heldByOtherKind }];
      });
      test.skip(candidates.length === 0, 'no sampled patent has a pending event whose window has opened');
      // Not required: that such an event is allowed. A block for a reason outside the three is not excluded
      // ("Other 422 codes beyond the three instruction ones: not shown"; OPEN-POINTS B21, E3); none of the three
      // fits it: it has no executed decision, today is past opensAt, and no earlier event awaits a decision.
      const heldOtherwise = candidates.filter(
        ({ first }) => !first.instructability.isAllowed && first.instructability.blockedReason === null,
      );
      test.info().annotations.push({
        type: 'observation',
        description: `${candidates.length - heldOtherwise.length} of ${candidates.length} such events are allowed; ${heldOtherwise.length} blocked without one of the three reasons`,
      });
      expect(
        candidates
          .filter(({ first, heldByOtherKind }) => {
            const reason = first.instructability.blockedReason;
            return reason !== null && !(heldByOtherKind && reason === 'EARLIER_EVENT_PENDING');
          })
          .map(({ first: e }) => e)
          .map(
            (e) =>
              `event ${e.id} (opensAt ${e.instructability.opensAt}, no appliedDecision, the earliest awaiting one) is blocked as ${e.instructability.blockedReason}`,
          ),
      ).toEqual([]);
    },
  );

  test(
    ...titled('[EVT-029] the events of a patent come ordered by due date across two pages'),
    async ({ api, portfolio, target }) => {
      const { perPatent } = await eventReads(portfolio, target.baseUrl);
      const [patentId, sweep] = [...perPatent].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
      test.skip(!patentId || sweep!.length < 3, 'no sampled patent has three events or more');
      // Two pages, so that the order must hold across a page boundary.
      const walk = await walkList<PatentEvent>(api, 'listPatentEvents', {
        path: { patentId: patentId! },
        itemsPerPage: Math.ceil(sweep!.length / 2),
        maxPages: 10,
      });
      const dues = walk.items.map((e) => e.dueDate);
      const order = dueOrder(dues);
      verifiedOnlyIf(order !== 'tied', `the events of patent ${patentId} share one due date`);
      expect(
        order,
        `due dates of patent ${patentId} over ${walk.pages.length} pages: ${dues.join(', ')}`,
      ).not.toBe('unordered');
    },
  );

  test(
    ...titled(
      '[EVT-029] the events of each sampled patent come ordered by due date, in one direction for all',
    ),
    async ({ portfolio, target }) => {
      const { perPatent } = await eventReads(portfolio, target.baseUrl);
      const orders = [...perPatent].map(([patentId, events]) => {
        const dues = events.map((e) => e.dueDate);
        return { patentId, dues, order: dueOrder(dues) };
      });
      verifiedOnlyIf(
        orders.some(({ order }) => order !== 'tied'),
        'no sampled patent has events with two distinct due dates',
      );
      expect(
        orders
          .filter(({ order }) => order === 'unordered')
          .map(({ patentId, dues }) => `${patentId}: ${dues.join(', ')}`),
        'patents whose events are neither ascending nor descending by due date',
      ).toEqual([]);
      // One endpoint, one order: the direction, free, is the same for every patent.
      const directions = new Set(orders.map(({ order }) => order).filter((order) => order !== 'tied'));
      expect([...directions], 'directions of the sampled patents').toHaveLength(1);
    },
  );

  test(
    ...titled('[EVT-030] GET /patents/{patentId}/events lists exactly the events of that patent'),
    async ({ portfolio, target }) => {
      const { snapshot, perPatent } = await eventReads(portfolio, target.baseUrl);
      // The snapshot must hold every event of the tenant to tell a missing one from one past its pages.
      await portfolio.requireComplete('events');
      const unchanged = [...perPatent].filter(([id]) => !isPatentClaimed(target.baseUrl, id));
      test.skip(unchanged.length === 0, 'every sampled patent has been claimed by a test that changes it');
      for (const [patentId, events] of unchanged) {
        const expected = snapshot.filter((e) => e.patent.id === patentId).map((e) => e.id);
        expect(events.map((e) => e.id).sort(), `events of patent ${patentId}`).toEqual(expected.sort());
      }
    },
  );

  test(
    ...titled('[EVT-031] GET /patents/{patentId}/events/{eventId} returns each event as the list shows it'),
    async ({ api, portfolio }) => {
      // Claimed, so that no test instructs an event between the list and the single reads; preferably a
      // patent whose events are in several states (one waits for an earlier one).
      const { patentId } = await portfolio.claimPatent(
        (events) => events.length > 0,
        'with events',
        (events) => events.some((e) => e.instructability.blockedReason === 'EARLIER_EVENT_PENDING'),
      );
      const list = await api.call('listPatentEvents', {
        path: { patentId },
        query: { itemsPerPage: 100 },
      });
      expect(list).toHaveStatus(200);
      const listed = list.json<PatentEventList>().data;
      expect(listed.length, `events listed for patent ${patentId}`).toBeGreaterThan(0);
      // The first, the earliest pending and the last event, and the first event of each blockedReason (a
      // single read must compute instructability with the patent's other events, as the list does).
      const reasons = new Set<string | null>();
      const firstOfEachReason = listed.filter((e) => {
        const reason = e.instructability?.blockedReason ?? null;
        if (reasons.has(reason)) return false;
        reasons.add(reason);
        return true;
      });
      const picks = [listed[0]!, earliestPending(listed), ...firstOfEachReason, listed[listed.length - 1]!];
      const reads = [...new Set(picks.filter((e): e is PatentEvent => e !== undefined))];
      for (const event of nonEmpty(reads, `event of patent ${patentId} to read alone`)) {
        const response = await api.call('getPatentEvent', {
          path: { patentId, eventId: event.id },
        });
        expect(response).toHaveStatus(200);
        const single = response.json<PatentEvent>();
        expect(single.id).toBe(event.id);
        expect(pickDocumented('PatentEvent', single), `event ${event.id} read alone`).toEqual(
          pickDocumented('PatentEvent', event),
        );
      }
    },
  );

  test(
    ...titled(
      "[EVT-032] the by-period list gives each event its patent list's instructability, in a wide and a one-day window",
    ),
    async ({ api, portfolio, target }) => {
      const { snapshot, perPatent } = await eventReads(portfolio, target.baseUrl);
      test.skip(perPatent.size === 0, 'no patent with events found in the primary tenant');
      // A one-day window holding an event that waits for an earlier one: the earlier one is outside it.
      const waiting = [...perPatent.values()]
        .flat()
        .find(
          (e) => e.eventType === 'RENEWAL' && e.instructability.blockedReason === 'EARLIER_EVENT_PENDING',
        );
      // Without such an event the one-day window, the point of the rule, cannot be chosen.
      verifiedOnlyIf(
        waiting !== undefined,
        'no sampled event waits for an earlier one (EARLIER_EVENT_PENDING)',
      );
      const response = await api.call('listEventsByPeriod', {
        query: { dueFrom: waiting.dueDate, dueTo: waiting.dueDate, itemsPerPage: 100 },
      });
      expect(response).toHaveStatus(200);
      const narrow = response.json<PatentEventList>().data;
      test.info().annotations.push({
        type: 'observation',
        description: `one-day window ${waiting.dueDate} (event ${waiting.id} waits for an earlier one): ${narrow.length} events`,
      });
      // Checked after the reads: a patent claimed by then may have changed since its per-patent read.
      const perPatentRead = new Map(
        [...perPatent]
          .filter(([patentId]) => !isPatentClaimed(target.baseUrl, patentId))
          .flatMap(([, events]) => events.map((e) => [e.id, e] as const)),
      );
      const compared = [
        ...snapshot.map((event) => ({ where: 'wide window', event })),
        ...narrow.map((event) => ({ where: `window ${waiting.dueDate}`, event })),
      ].filter(({ event }) => perPatentRead.has(event.id));
      expect(compared.length, 'events read both by period and in their patent list').toBeGreaterThan(0);
      const differing = compared.flatMap(({ where, event }) => {
        const own = pickDocumented('Instructability', perPatentRead.get(event.id)!.instructability);
        const shown = pickDocumented('Instructability', event.instructability);
        return JSON.stringify(shown) === JSON.stringify(own)
          ? []
          : [
              `${where}, event ${event.id}: ${JSON.stringify(shown)}, its patent list: ${JSON.stringify(own)}`,
            ];
      });
      expect(differing).toEqual([]);
    },
  );

  test(
    ...titled(
      '[EVT-033] GET /patents/{patentId}/events/{eventId} with an event of another patent gives 404 not_found',
    ),
    async ({ api, portfolio }) => {
      const { eventId, patentId } = await eventUnderAnotherPatent(portfolio);
      const response = await api.call('getPatentEvent', { path: { patentId, eventId } });
      expect(response, `event ${eventId} under patent ${patentId}`).toBeProblem({
        status: 404,
        code: 'not_found',
      });
    },
  );

  test(
    ...titled(
      '[EVT-033] GET /patents/{patentId}/events/{eventId}/fees with an event of another patent gives 404 not_found',
    ),
    async ({ api, portfolio }) => {
      const { eventId, patentId } = await eventUnderAnotherPatent(portfolio);
      const response = await api.call('getEventFees', { path: { patentId, eventId } });
      expect(response, `fees of event ${eventId} under patent ${patentId}`).toBeProblem({
        status: 404,
        code: 'not_found',
      });
    },
  );

  test(
    ...titled('[EVT-028] posting an allowed decision for an allowed event answers 201'),
    async ({ api, portfolio, requireSetting }) => {
      requireSetting('ALLOW_INSTRUCTIONS');
      const allowed = (list: PatentEvent[]) =>
        sortByDue(renewals(list)).filter((e) => e.appliedDecision === null && e.instructability.isAllowed);
      const { events } = await portfolio.claimPatent(
        (list) => allowed(list).length > 0,
        'with an allowed renewal event',
        // Preferably one where a later event waits for an earlier one (and so could wrongly read allowed).
        (list) =>
          allowed(list).length > 1 ||
          list.some((e) => e.instructability.blockedReason === 'EARLIER_EVENT_PENDING'),
      );
      // The latest allowed event of the patent: every event that reads allowed must be instructable, not
      // only the earliest pending one (a view that ignores the earlier events would offer later ones).
      const event = allowed(events).at(-1)!;
      const offered = event.instructability.allowedDecisions;
      // A decision that does not pay: it leaves the PROCEED path to the fees tests.
      const decision = offered.find((d) => d !== 'PROCEED') ?? offered[0]!;
      const response = await api.call('postInstructions', {
        body: { instructions: [{ eventId: event.id, decision }] },
      });
      expect(response, `${decision} on event ${event.id} offered ${offered.join(', ')}`).toHaveStatus(201);
    },
  );
});
