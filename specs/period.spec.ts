/**
 * Events by period: GET /patent-events, the cross-portfolio list of events due in a window.
 * Contract: Endpoints, Patent events (6); Errors (validation_failed); Gaps in the endpoint list.
 *
 * Expectations come from the run's snapshot (the same list over a wide window, and the patent list) plus the
 * run's writes since: an event whose window or filters a write since may have moved (its schedule, its patent's
 * members: helpers/contract/write-effects.ts) is left out of the comparisons. Not shown, so not
 * asserted: the default order of this list, and the wire encoding of the array filters (both encodings are
 * probed with two values; only an encoding the target understands must narrow correctly, and at least one
 * must).
 */
import fc from 'fast-check';
import {
  addDays,
  localDayHours,
  type ApiClient,
  type ApiResponse,
  type ArrayEncoding,
  expect,
  expectRuleHolds,
  generatedInputs,
  isRenewal,
  monthBounds,
  nonEmpty,
  type Portfolio,
  type Query,
  type SharedAnswerName,
  renewals,
  type WritesSince,
  skipBecause,
  skipIf,
  test,
  titled,
  targetUtcToday,
  WIDE_WINDOW,
} from '../helpers/test';
import type { Patent, PatentEvent, PatentEventList } from '../schemas/types';

/** A window read page by page (100 a page); stops at the first answer that is not 200. */
async function fetchWindow(
  api: ApiClient,
  query: Query,
  arrayEncoding?: ArrayEncoding,
): Promise<{ first: ApiResponse; events: PatentEvent[]; pages: ApiResponse[] }> {
  const events: PatentEvent[] = [];
  const pages: ApiResponse[] = [];
  let first: ApiResponse | undefined;
  for (let page = 1; page <= 10; page++) {
    const response = await api.call('listEventsByPeriod', {
      query: { ...query, itemsPerPage: 100, currentPage: page },
      arrayEncoding,
    });
    first ??= response;
    pages.push(response);
    if (response.status !== 200) {
      if (page > 1) expect(response, `page ${page} of the window`).toHaveStatus(200);
      break;
    }
    const body = response.json<PatentEventList>();
    events.push(...body.data);
    if (!body.pagination.hasMore) break;
  }
  return { first: first!, events, pages };
}

/** Every event of a window, with the answers of its pages (for the registry's rules); it must answer 200. */
async function readWindowPages(
  api: ApiClient,
  query: Query,
  arrayEncoding?: ArrayEncoding,
): Promise<{ events: PatentEvent[]; pages: ApiResponse[] }> {
  const { first, events, pages } = await fetchWindow(api, query, arrayEncoding);
  expect(first).toHaveStatus(200);
  return { events, pages };
}

/** Every event of a window; the window must answer 200. */
async function readWindow(
  api: ApiClient,
  query: Query,
  arrayEncoding?: ArrayEncoding,
): Promise<PatentEvent[]> {
  return (await readWindowPages(api, query, arrayEncoding)).events;
}

/** The snapshot's events, skipping when the tenant has none. */
async function snapshotEvents(portfolio: Portfolio): Promise<PatentEvent[]> {
  const events = await portfolio.events();
  if (events.length === 0) skipBecause('data', `no event found in ${portfolio.label}`);
  return events;
}

/** Due dates of the snapshot, distinct and sorted, with the number of events due on each. */
function dueDates(events: PatentEvent[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of [...events].sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0)))
    counts.set(e.dueDate, (counts.get(e.dueDate) ?? 0) + 1);
  return counts;
}

function busiest(counts: Map<string, number>): string {
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

function labels(events: readonly PatentEvent[]): string[] {
  return events.map((e) => `${e.id} (patent ${e.patent.id}, due ${e.dueDate})`);
}

/**
 * Snapshot events the window must hold: due inside it, and no write of the run since the snapshot may have moved
 * their schedule (`writes`, asked once the window is read).
 */
function expectedIn(snapshot: PatentEvent[], from: string, to: string, writes: WritesSince): PatentEvent[] {
  return snapshot.filter(
    (e) => e.dueDate >= from && e.dueDate <= to && !writes.movedEvent(e, 'event-schedule'),
  );
}

function missingFrom(returned: PatentEvent[], expected: readonly PatentEvent[]): string[] {
  const ids = new Set(returned.map((e) => e.id));
  return labels(expected.filter((e) => !ids.has(e.id)));
}

function outside(returned: PatentEvent[], from: string, to: string): string[] {
  return labels(returned.filter((e) => e.dueDate < from || e.dueDate > to));
}

interface Filter {
  id: string;
  param: 'offices' | 'owners' | 'family';
  /** The patent member the filter matches. */
  member: 'office' | 'owner' | 'clientFamilyReference';
  /** Patents a server might also match under another reading of the filter (left out of the checks). */
  ambiguous?: (patent: Patent, values: string[]) => boolean;
}

const FILTERS: Filter[] = [
  { id: 'PER-007', param: 'offices', member: 'office' },
  {
    id: 'PER-008',
    param: 'owners',
    member: 'owner',
    // "owner filter": whether co-owners match too is not stated.
    ambiguous: (p, values) => !!p.secondaryOwners?.some((o) => values.includes(o)),
  },
  { id: 'PER-009', param: 'family', member: 'clientFamilyReference' },
];

const ENCODINGS: ArrayEncoding[] = ['repeat', 'comma'];

/** Where the target's zone is not known: the European, North American and Australian rules of DST. */
const DAYLIGHT_SAVING_ZONES = ['Europe/Paris', 'America/New_York', 'Australia/Sydney'];

test.describe('events by period', () => {
  test(
    ...titled(
      '[PER-001, PER-004] a window bounded by two due dates answers 200 with the events due on both bounds',
    ),
    async ({ api, portfolio }) => {
      const snapshot = await snapshotEvents(portfolio);
      const dates = [...dueDates(snapshot).keys()];
      skipIf(dates.length < 2, 'data', 'fewer than two distinct due dates in the primary tenant (API_KEY)');
      const middle = Math.floor((dates.length - 1) / 2);
      const [dueFrom, dueTo] = [dates[middle]!, dates[middle + 1]!];
      const { events: returned, pages } = await readWindowPages(api, { dueFrom, dueTo });
      const expected = expectedIn(snapshot, dueFrom, dueTo, await portfolio.writesSinceSnapshot());
      expect(missingFrom(returned, expected), `events due on ${dueFrom} or ${dueTo} missing`).toEqual([]);
      // A list envelope of patent events: the registry's rule (PER-001 in helpers/rules/period.ts).
      expectRuleHolds('PER-001', ...pages);
    },
  );

  test(
    ...titled('[PER-004] a one-day window (dueFrom equal to dueTo) returns the events due that day'),
    async ({ api, portfolio }) => {
      const snapshot = await snapshotEvents(portfolio);
      const day = busiest(dueDates(snapshot));
      const returned = await readWindow(api, { dueFrom: day, dueTo: day });
      expect(outside(returned, day, day), `events outside ${day}`).toEqual([]);
      expect(
        missingFrom(returned, expectedIn(snapshot, day, day, await portfolio.writesSinceSnapshot())),
        `events due ${day} missing`,
      ).toEqual([]);
    },
  );

  test(
    ...titled('[PER-002] the window holds the events of several patents, as their own event lists show them'),
    async ({ api, portfolio }) => {
      // Two patents with events no test changes: the kept state guarantees them.
      portfolio.needs('unchanged');
      const snapshot = await snapshotEvents(portfolio);
      // Events of the patent lists are looked up in the snapshot: it must hold the whole window.
      await portfolio.requireComplete('events');
      // Unclaimed ones first: a patent no test writes leaves its events in the comparison.
      const patents = (await portfolio.patents()).filter((p) => !portfolio.isClaimed(p.id));
      const picks = [...new Set([0, patents.length - 1])]
        .map((i) => patents[i])
        .filter((p): p is Patent => p !== undefined);
      const lists = await Promise.all(
        nonEmpty(picks, 'data', 'unclaimed patent').map((patent) =>
          api.call('listPatentEvents', { path: { patentId: patent.id }, query: { itemsPerPage: 100 } }),
        ),
      );
      const own: PatentEvent[] = [];
      for (const response of lists) {
        expect(response).toHaveStatus(200);
        own.push(...response.json<PatentEventList>().data);
      }
      skipIf(
        new Set(own.map((e) => e.patent.id)).size < 2,
        'data',
        'fewer than two of the sampled patents of the primary tenant (API_KEY) have events',
      );
      // The snapshot plus the run's writes since: an event whose schedule a write may have moved is left out.
      const writes = await portfolio.writesSinceSnapshot();
      const unchanged = own.filter((e) => !writes.movedEvent(e, 'event-schedule'));
      expect(
        missingFrom(
          snapshot,
          nonEmpty(
            unchanged,
            'time',
            "event of the sampled patents whose schedule the run's writes left as it was",
          ),
        ),
        'events of the patent lists missing from the wide window',
      ).toEqual([]);
    },
  );

  test(
    ...titled('[PER-003] generated due windows return exactly the events due inside them'),
    async ({ api, portfolio, target }) => {
      const snapshot = await snapshotEvents(portfolio);
      const dates = [...dueDates(snapshot).keys()];
      // One window ends on a day of 23 or 25 hours (daylight saving time), the day before a due date: a bound
      // taken as 24 hours from a local midnight moves there. In the target's zone, else in the common rules.
      const zones = target.timeZone ? [target.timeZone] : DAYLIGHT_SAVING_ZONES;
      const dstEdge = dates
        .map((d) => addDays(d, -1))
        .find((day) => zones.some((zone) => localDayHours(day, zone) !== 24));
      test.info().annotations.push({
        type: 'daylight saving edge',
        description: dstEdge
          ? `${dstEdge}, the day before a due date, is not 24 hours long in ${zones.join(' or ')}`
          : `no due date follows a change of daylight saving time in ${zones.join(' or ')}`,
      });
      const windows = fc.record({
        at: fc.nat({ max: dates.length - 1 }),
        shift: fc.integer({ min: -3, max: 3 }),
        span: fc.integer({ min: 0, max: 120 }),
      });
      // One window always: the due date of an event past its due date that awaits a decision, whose
      // deadline a server could take for its due date (the grace period end); then generated ones (three
      // windows in all with it, four without).
      const pastDue = snapshot.find(
        (e) => e.appliedDecision === null && (e.duePeriod === 'GRACE_PERIOD' || e.duePeriod === 'LATE'),
      );
      const examples = pastDue ? [{ at: dates.indexOf(pastDue.dueDate), shift: 0, span: 0 }] : [];
      const dstExamples = dstEdge ? [{ at: dates.indexOf(addDays(dstEdge, 1)), shift: -1, span: 0 }] : [];
      const answers = await Promise.all(
        [
          ...examples,
          ...dstExamples,
          ...generatedInputs(windows, (pastDue ? 2 : 4) - dstExamples.length),
        ].map(async ({ at, shift, span }) => {
          const dueFrom = addDays(dates[at]!, shift);
          const dueTo = addDays(dueFrom, span);
          const { events: returned, pages } = await readWindowPages(api, { dueFrom, dueTo });
          const expected = expectedIn(snapshot, dueFrom, dueTo, await portfolio.writesSinceSnapshot());
          expect(missingFrom(returned, expected), `events due in ${dueFrom}..${dueTo} missing`).toEqual([]);
          return pages;
        }),
      );
      // No event outside its window: the registry's rule (PER-003 in helpers/rules/period.ts), on every page.
      expectRuleHolds('PER-003', ...answers.flat());
    },
  );

  const today = targetUtcToday();
  // dueFrom alone is the answer the problems spec checks too: made once per run (helpers/wire/shared-answers.ts).
  const incomplete: { description: string; shared?: SharedAnswerName; query?: Query }[] = [
    { description: 'dueFrom without dueTo', shared: 'periodDueFromOnly' },
    { description: 'dueTo without dueFrom', query: { dueTo: today } },
  ];
  for (const { description, shared, query } of incomplete) {
    test(...titled(`[PER-005] ${description} gives 400 validation_failed`), async ({ api, sharedAnswer }) => {
      const response = shared ? await sharedAnswer(shared) : await api.call('listEventsByPeriod', { query });
      // 400 validation_failed: the registry's rule (PER-005 in helpers/rules/period.ts).
      expectRuleHolds('PER-005', response);
    });
  }

  test(
    ...titled('[PER-014] a request without any due window gives 400 validation_failed'),
    async ({ sharedAnswer }) => {
      const response = await sharedAnswer('periodWithoutWindow');
      // 400 validation_failed: the registry's rule (PER-014 in helpers/rules/period.ts).
      expectRuleHolds('PER-014', response);
    },
  );

  const malformed = [
    { description: 'dueFrom with month 13', query: { dueFrom: '2025-13-01', dueTo: '2025-12-31' } },
    { description: 'dueTo without dashes', query: { dueFrom: '2025-01-01', dueTo: '20250105' } },
    { description: 'dueMonth with a one-digit month', query: { dueMonth: '2025-1' } },
    { description: 'dueMonth with month 13', query: { dueMonth: '2025-13' } },
  ];
  for (const { description, query } of malformed) {
    test(...titled(`[PER-015] ${description} gives 400 validation_failed`), async ({ api }) => {
      const response = await api.call('listEventsByPeriod', { query });
      // 400 validation_failed: the registry's rule (PER-015 in helpers/rules/period.ts).
      expectRuleHolds('PER-015', response);
    });
  }

  test(
    ...titled(
      '[PER-006] dueMonth returns exactly the events due that month, as dueFrom and dueTo on its first and last days do',
    ),
    async ({ api, portfolio }) => {
      const snapshot = await snapshotEvents(portfolio);
      const counts = dueDates(snapshot);
      const held = (days: string[]) => days.filter((d) => counts.has(d)).length;
      const months = new Map<string, number>();
      for (const [day, n] of counts) months.set(day.slice(0, 7), (months.get(day.slice(0, 7)) ?? 0) + n);
      // The months, chosen from the data whatever today is: a month holding events whose bounds and the days
      // just outside them hold the most events, one that overruns first (below); and, when that one does not,
      // the month shorter than 31 days with the most events due in the days after it that a month taken as
      // 31 days would cover.
      const edges = (month: string) => {
        const { first, last } = monthBounds(month);
        return held([first, last, addDays(first, -1), addDays(last, 1)]);
      };
      // The days a month taken as 31 days would cover after its end: one after a 30-day month, two or three
      // after February.
      const overrun = (month: string) => {
        const { last } = monthBounds(month);
        const beyond = 31 - Number(last.slice(8));
        return held(Array.from({ length: beyond }, (_, n) => addDays(last, n + 1)));
      };
      // The month before each due day: a month with no event due in it still overruns into the next one.
      for (const day of counts.keys()) {
        const before = addDays(`${day.slice(0, 7)}-01`, -1).slice(0, 7);
        if (!months.has(before)) months.set(before, 0);
      }
      const ranked = (score: (month: string) => number) =>
        [...months].sort((a, b) => score(b[0]) - score(a[0]) || b[1] - a[1]).map(([m]) => m);
      const edgeFirst = ranked((m) => (overrun(m) > 0 ? 100 : 0) + edges(m)).find((m) => months.get(m)! > 0)!;
      const overrunMonth = overrun(edgeFirst) > 0 ? edgeFirst : ranked(overrun).find((m) => overrun(m) > 0);
      const chosen = [...new Set([edgeFirst, ...(overrunMonth ? [overrunMonth] : [])])];
      test.info().annotations.push({
        type: 'months',
        description: overrunMonth
          ? `${chosen.join(', ')} (${overrunMonth}: ${overrun(overrunMonth)} event(s) due in the days after it up to a 31st)`
          : `${chosen.join(', ')} (no month shorter than 31 days has an event due in the days after it up to a 31st)`,
      });
      // Each month against the events the wide window (a dueFrom and dueTo read) shows due in it, on the
      // patents no test writes; one request a month.
      const read = await Promise.all(chosen.map((month) => readWindowPages(api, { dueMonth: month })));
      // The run's writes since the snapshot may have moved an event's schedule: the expectation is the
      // snapshot plus them.
      const writes = await portfolio.writesSinceSnapshot();
      for (const [i, month] of nonEmpty(chosen, 'data', 'month holding events').entries()) {
        const { first, last } = monthBounds(month);
        expect(
          missingFrom(read[i]!.events, expectedIn(snapshot, first, last, writes)),
          `events of ${month} missing from dueMonth=${month}, due in ${first}..${last} in the wide window`,
        ).toEqual([]);
      }
      const pages = read.flatMap((r) => r.pages);
      // No event outside the month: the registry's rule (PER-006 in helpers/rules/period.ts).
      expectRuleHolds('PER-006', ...pages);
    },
  );

  for (const { id, param, member, ambiguous } of FILTERS) {
    test(
      ...titled(
        `[${id}] ${param} narrows the window to the events of patents with the given ${member}, one value or two`,
      ),
      async ({ api, portfolio }) => {
        // Two values among the patents no test changes: the kept state's two patents differ in each member.
        portfolio.needs('unchanged');
        const snapshot = await snapshotEvents(portfolio);
        // The answers are compared with the snapshot's events of the same values: it must hold them all (a
        // partial patent list only leaves events unjudged).
        await portfolio.requireComplete('events');
        const patents = new Map((await portfolio.patents()).map((p) => [p.id, p]));
        const valueOf = (e: PatentEvent) => patents.get(e.patent.id)?.[member] ?? null;
        const counts = new Map<string, number>();
        // Values counted over unclaimed patents: those whose events the comparisons are likely to keep.
        for (const e of snapshot) {
          const value = valueOf(e);
          if (value !== null && !value.includes(',') && !portfolio.isClaimed(e.patent.id))
            counts.set(value, (counts.get(value) ?? 0) + 1);
        }
        // The two least frequent values keep the answers small.
        const [v1, v2] = [...counts].sort((a, b) => a[1] - b[1]).map(([value]) => value);
        skipIf(v2 === undefined, 'data', `fewer than two ${member} values among the patents with events`);
        const values = [v1!, v2!];

        const [single, encoded] = await Promise.all([
          readWindow(api, { ...WIDE_WINDOW, [param]: [v1!] }),
          Promise.all(
            ENCODINGS.map((arrayEncoding) =>
              fetchWindow(api, { ...WIDE_WINDOW, [param]: values }, arrayEncoding),
            ),
          ),
        ]);
        // The snapshot plus the run's writes since: a patent whose members or events a write may have moved is
        // left out, and so is a patent the snapshot does not know (made since).
        const writes = await portfolio.writesSinceSnapshot('patents');
        // Events the checks can judge: of a known patent no write moved, that no other reading could match.
        const judged = (e: PatentEvent) => {
          const patent = patents.get(e.patent.id);
          return (
            !!patent &&
            !writes.movedPatent(patent, 'patent-members', 'event-schedule') &&
            !ambiguous?.(patent, values)
          );
        };
        const expected = (given: string[]) =>
          snapshot.filter((e) => judged(e) && given.includes(valueOf(e)!));
        const movers = [...patents.values()]
          .filter((p) => values.includes(String(p[member])))
          .flatMap((p) =>
            writes.movers({ patentId: p.id, providerId: p.providerId }, 'patent-members', 'event-schedule'),
          );
        skipIf(
          expected([v1!]).length === 0 || expected([v2!]).length === 0,
          'time',
          `no judged event for ${member} ${v1} or ${v2} (the run's writes moved their patents: ${[...new Set(movers)].join(', ') || 'none'}; or they are ambiguous)`,
        );
        const ids = (events: PatentEvent[]) => JSON.stringify(events.map((e) => e.id).sort());
        const strays = (returned: PatentEvent[], given: string[]) =>
          labels(returned.filter((e) => judged(e) && !given.includes(valueOf(e) ?? '')));
        expect(strays(single, [v1!]), `events returned for ${param}=${v1} of another ${member}`).toEqual([]);
        expect(missingFrom(single, expected([v1!])), `events of ${member} ${v1} missing`).toEqual([]);

        const understood: ArrayEncoding[] = [];
        const notes: string[] = [];
        for (const [i, arrayEncoding] of ENCODINGS.entries()) {
          const { first, events: returned } = encoded[i]!;
          expect(first, `${param} with two values, ${arrayEncoding} encoding`).toHaveStatus([200, 400]);
          if (first.status !== 200) {
            notes.push(`${arrayEncoding}: answered ${first.status}`);
            continue;
          }
          expect(strays(returned, values), `${arrayEncoding} encoding: events of another ${member}`).toEqual(
            [],
          );
          const got = ids(returned.filter(judged));
          if (got === ids(expected(values))) {
            understood.push(arrayEncoding);
            notes.push(`${arrayEncoding}: understood`);
          } else {
            // A form read as one literal value, or as one of the two values only, is not understood.
            const readings = [[], [v1!], [v2!]].filter((given) => got === ids(expected(given)));
            expect(
              readings.length,
              `${arrayEncoding} encoding answered 200 with neither both values, nor one, nor none: ${got}`,
            ).toBeGreaterThan(0);
            notes.push(`${arrayEncoding}: not understood (read as ${JSON.stringify(readings[0])})`);
          }
        }
        test
          .info()
          .annotations.push({ type: 'observation', description: `${param} encodings: ${notes.join('; ')}` });
        expect(understood.length, `array encodings of ${param} understood with two values`).toBeGreaterThan(
          0,
        );
      },
    );
  }

  test(
    ...titled('[PER-010] eventTypes=RENEWAL returns exactly the renewal events of the window'),
    async ({ api, portfolio }) => {
      const snapshot = await snapshotEvents(portfolio);
      const month = busiest(new Map([...dueDates(snapshot)].map(([d, n]) => [d.slice(0, 7), n])));
      const { first, last } = monthBounds(month);
      const { events: returned, pages } = await readWindowPages(api, {
        dueFrom: first,
        dueTo: last,
        eventTypes: ['RENEWAL'],
      });
      const expected = expectedIn(snapshot, first, last, await portfolio.writesSinceSnapshot()).filter(
        isRenewal,
      );
      expect(missingFrom(returned, expected), `renewal events of ${month} missing`).toEqual([]);
      // No event of another kind: the registry's rule (PER-010 in helpers/rules/period.ts).
      expectRuleHolds('PER-010', ...pages);
    },
  );

  test(
    ...titled('[PER-010] eventTypes naming a kind no event has returns no RENEWAL event'),
    async ({ api, portfolio }) => {
      const snapshot = await snapshotEvents(portfolio);
      const day = busiest(
        dueDates([...nonEmpty(renewals(snapshot), 'data', 'renewal event in the snapshot')]),
      );
      // A filter keeps the events of the kinds given; a value naming no kind keeps no renewal. Whether such a value
      // is a bad query parameter (400) is not stated (OPEN-POINTS E3).
      const response = await api.call('listEventsByPeriod', {
        query: { dueFrom: day, dueTo: day, eventTypes: ['NOT_A_KIND'], itemsPerPage: 100 },
      });
      const due = snapshot.filter((e) => e.dueDate === day).length;
      test.info().annotations.push({
        type: 'observation',
        description:
          response.status === 200
            ? `eventTypes=NOT_A_KIND on ${day}, where ${due} events are due: ${response.json<PatentEventList>().data?.length} events`
            : `eventTypes=NOT_A_KIND gives ${response.status}`,
      });
      // No RENEWAL event, or 400 validation_failed: the registry's rule (PER-010 in helpers/rules/period.ts).
      expectRuleHolds('PER-010', response);
    },
  );

  test(
    ...titled('[PER-012] include=fees attaches to each event a Fees object of that event'),
    async ({ api, portfolio }) => {
      const snapshot = await snapshotEvents(portfolio);
      const day = busiest(dueDates(snapshot));
      const { events: returned, pages } = await readWindowPages(api, {
        dueFrom: day,
        dueTo: day,
        include: 'fees',
      });
      expect(returned.length, `events due ${day}`).toBeGreaterThan(0);
      // Each event's own Fees object: the registry's rule (PER-012 in helpers/rules/period.ts); the Fees
      // schema is its schema check's (CONV-013), on the same answers.
      expectRuleHolds('PER-012', ...pages);
    },
  );

  test(
    ...titled('[PER-011] include=fees listed with another value still attaches fees to every event'),
    async ({ api, portfolio }) => {
      const snapshot = await snapshotEvents(portfolio);
      const day = busiest(dueDates(snapshot));
      // The comma literal on the wire ("comma-separated"): a %2C is one unknown value to a server splitting raw.
      const { events: returned, pages } = await readWindowPages(
        api,
        { dueFrom: day, dueTo: day, include: ['documents', 'fees'] },
        'comma',
      );
      expect(returned.length, `events due ${day}`).toBeGreaterThan(0);
      // Each event's own Fees object: the registry's rule (PER-011 in helpers/rules/period.ts).
      expectRuleHolds('PER-011', ...pages);
    },
  );

  test(
    ...titled('[PER-013] an unknown include value is ignored: 200, the same events, no fees'),
    async ({ api, portfolio }) => {
      const snapshot = await snapshotEvents(portfolio);
      const day = busiest(dueDates(snapshot));
      const [plain, { events: unknown, pages }] = await Promise.all([
        readWindow(api, { dueFrom: day, dueTo: day }),
        readWindowPages(api, { dueFrom: day, dueTo: day, include: 'no-such-expansion' }),
      ]);
      // The same events as without the value takes the two answers, read together: but for an event whose
      // schedule a write of the run may have moved between them.
      const writes = await portfolio.writesSinceSnapshot();
      const unmoved = (events: PatentEvent[]) =>
        events
          .filter((e) => !writes.movedEvent(e, 'event-schedule'))
          .map((e) => e.id)
          .sort();
      expect(unmoved(unknown)).toEqual(unmoved(plain));
      // 200 and no fees: the registry's rule (PER-013 in helpers/rules/period.ts).
      expectRuleHolds('PER-013', ...pages);
    },
  );
});
