/**
 * Patent events: the Patent event resource (renewal, instructability) and its field rules, checked on every
 * event read.
 * Contract: Resources and their fields, Patent event; Endpoints, Patent events (3 and 4); Events.
 *
 * Field rules are checked on every event of the worker's snapshot (the by-period list over a wide window) and
 * on fresh per-patent sweeps of a few patents chosen to hold every instructability state (helpers/spec/event-reads.ts).
 * Rules that relate the events of one patent are in events-per-patent.spec.ts. Event kinds other than RENEWAL
 * are ignored (additive evolution). The server's "today" may be a day off the suite's UTC date (its own time
 * zone), so date rules keep two days of slack.
 */
import {
  addDays,
  awaitsDecision,
  DECISIONS,
  enumOf,
  eventBreaches,
  expect,
  type FieldRule,
  isCalendarDate,
  isDateTime,
  labelledEvents,
  objectIs,
  oneOf,
  orList,
  renewalsOf,
  requireSome,
  skipIf,
  SLACK_DAYS,
  test,
  titled,
  utcToday,
} from '../helpers/test';
import type { Patent, PatentEvent } from '../schemas/types';

/** The first day of the month two months before the month of `dueDate`. */
function expectedOpensAt(dueDate: string): string {
  const index = Number(dueDate.slice(0, 4)) * 12 + (Number(dueDate.slice(5, 7)) - 1) - 2;
  const year = String(Math.floor(index / 12)).padStart(4, '0');
  const month = String((index % 12) + 1).padStart(2, '0');
  return `${year}-${month}-01`;
}

const APPLIED_DECISIONS = enumOf('PatentEvent', 'appliedDecision');
const DUE_PERIODS = enumOf('PatentEvent', 'duePeriod');
const FEES_STATUSES = enumOf('PatentEvent', 'feesStatus');
const BLOCKED_REASONS = enumOf('Instructability', 'blockedReason');
const MODES = enumOf('Instructability', 'mode');

const FIELD_RULES: (FieldRule<PatentEvent> & { renewalsOnly?: boolean })[] = [
  { id: 'EVT-001', title: 'every event has object "patentEvent"', rule: objectIs('patentEvent') },
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
    title: `appliedDecision is ${orList(APPLIED_DECISIONS)} on every event`,
    rule: oneOf('appliedDecision', APPLIED_DECISIONS),
  },
  {
    id: 'EVT-011',
    title: `duePeriod is ${orList(DUE_PERIODS)} on every event`,
    rule: oneOf('duePeriod', DUE_PERIODS),
  },
  {
    id: 'EVT-012',
    title: 'processingStatus is one of the six statuses or null on every event',
    rule: oneOf('processingStatus', enumOf('PatentEvent', 'processingStatus')),
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
    title: `feesStatus of an event is ${orList(FEES_STATUSES)}`,
    rule: oneOf('feesStatus', FEES_STATUSES),
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
    title: `allowedDecisions holds only ${orList(DECISIONS)}, each at most once`,
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
    title: `blockedReason is ${orList(BLOCKED_REASONS)}`,
    rule: (e) =>
      BLOCKED_REASONS.includes(e.instructability.blockedReason)
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
    title: `instructability.mode is ${orList(MODES)}`,
    rule: (e) =>
      MODES.includes(e.instructability.mode)
        ? undefined
        : `mode is ${JSON.stringify(e.instructability.mode)}`,
  },
];

test.describe('events', () => {
  for (const { id, title, renewalsOnly, rule } of FIELD_RULES) {
    test(...titled(`[${id}] ${title}`), async ({ portfolio, eventReads }) => {
      const events = labelledEvents(await eventReads(), portfolio);
      expect(eventBreaches(renewalsOnly ? renewalsOf(events) : events, rule)).toEqual([]);
    });
  }

  test(
    ...titled("[EVT-002] the patent reference of an event names its patent, with that patent's providerId"),
    async ({ api, portfolio, eventReads }) => {
      const events = labelledEvents(await eventReads(), portfolio);
      const { perPatent } = await eventReads();
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
      const problems = eventBreaches(events, (e) => {
        const patent = patents.get(e.patent.id);
        if (patent === undefined) return undefined; // reported in `unreadable`
        if (portfolio.isClaimed(patent.id) || e.patent.providerId === patent.providerId) return undefined;
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
    async ({ portfolio, eventReads }) => {
      const events = renewalsOf(labelledEvents(await eventReads(), portfolio));
      const shown = events.filter(({ event }) => typeof event.renewal?.paymentSequenceNumber === 'number');
      test.info().annotations.push({
        type: 'observation',
        description: `${shown.length} of ${events.length} renewal events read carry a paymentSequenceNumber`,
      });
      expect(
        eventBreaches(events, (e) =>
          e.renewal?.paymentSequenceNumber === e.renewal?.annuityYear
            ? `paymentSequenceNumber ${e.renewal?.paymentSequenceNumber} equals annuityYear`
            : undefined,
        ),
      ).toEqual([]);
    },
  );

  test(
    ...titled('[EVT-016] events carry no fees member unless include=fees is requested'),
    async ({ api, portfolio, eventReads }) => {
      const events = labelledEvents(await eventReads(), portfolio);
      const unchanged = events.find(({ event: e }) => !portfolio.isClaimed(e.patent.id));
      skipIf(!unchanged, 'data', 'every event read belongs to a patent claimed by a test that changes it');
      const { event } = unchanged!;
      const single = await api.call('getPatentEvent', {
        path: { patentId: event.patent.id, eventId: event.id },
      });
      expect(single).toHaveStatus(200);
      const read = [...events, { where: 'single read', event: single.json<PatentEvent>() }];
      expect(eventBreaches(read, (e) => ('fees' in e ? 'carries a fees member' : undefined))).toEqual([]);
    },
  );

  test(...titled('[EVT-020] a LAPSED event never offers PROCEED'), async ({ portfolio, eventReads }) => {
    const events = renewalsOf(labelledEvents(await eventReads(), portfolio));
    requireSome(
      events,
      (e) => e.duePeriod === 'LAPSED' && e.instructability.isAllowed,
      'with duePeriod LAPSED that is allowed',
    );
    expect(
      eventBreaches(events, (e) =>
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
    async ({ portfolio, eventReads }) => {
      const events = renewalsOf(labelledEvents(await eventReads(), portfolio));
      requireSome(events, (e) => e.appliedDecision !== null, 'with an appliedDecision');
      expect(
        eventBreaches(events, (e) =>
          (e.appliedDecision !== null) === (e.instructability.blockedReason === 'ALREADY_INSTRUCTED')
            ? undefined
            : `appliedDecision ${e.appliedDecision} with blockedReason ${e.instructability.blockedReason}`,
        ),
      ).toEqual([]);
    },
  );

  test(
    ...titled('[EVT-021] TOO_EARLY is given only while today is before opensAt'),
    async ({ portfolio, eventReads }) => {
      const events = renewalsOf(labelledEvents(await eventReads(), portfolio));
      requireSome(events, (e) => e.instructability.blockedReason === 'TOO_EARLY', 'blocked as TOO_EARLY');
      const earliestServerToday = addDays(utcToday(), -SLACK_DAYS);
      expect(
        eventBreaches(events, (e) => {
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
    async ({ portfolio, eventReads }) => {
      const events = renewalsOf(labelledEvents(await eventReads(), portfolio));
      const latestServerToday = addDays(utcToday(), SLACK_DAYS);
      const early = (e: PatentEvent) =>
        awaitsDecision(e) &&
        e.instructability.opensAt !== null &&
        e.instructability.opensAt > latestServerToday;
      requireSome(events, early, `awaiting a decision with opensAt after ${latestServerToday}`);
      expect(
        eventBreaches(events, (e) =>
          early(e) && e.instructability.isAllowed
            ? `allowed although opensAt is ${e.instructability.opensAt}`
            : undefined,
        ),
      ).toEqual([]);
    },
  );

  test(
    ...titled('[EVT-023] opensAt is the first day of the month two months before the due month'),
    async ({ portfolio, eventReads }) => {
      const events = renewalsOf(labelledEvents(await eventReads(), portfolio));
      requireSome(events, (e) => e.instructability.opensAt !== null, 'with an opensAt');
      const yearBoundary = events.filter(({ event }) => /-0[12]-/.test(event.dueDate)).length;
      test.info().annotations.push({
        type: 'observation',
        description: `${yearBoundary} renewal events read are due in January or February (opensAt in the previous year)`,
      });
      expect(
        eventBreaches(events, (e) => {
          const { opensAt } = e.instructability;
          return opensAt === null || opensAt === expectedOpensAt(e.dueDate)
            ? undefined
            : `due ${e.dueDate}, opensAt ${opensAt}, expected ${expectedOpensAt(e.dueDate)}`;
        }),
      ).toEqual([]);
    },
  );
});
