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
  eventBreaches,
  expect,
  labelledEvents,
  renewalsOf,
  requireSome,
  skipIf,
  SLACK_DAYS,
  test,
  titled,
  utcToday,
  EVENT_FIELD_RULES,
  EVENT_RELATION_RULES,
} from '../helpers/test';
import type { Patent, PatentEvent } from '../schemas/types';

test.describe('events', () => {
  for (const { id, title, renewalsOnly, rule } of EVENT_FIELD_RULES) {
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
      expect(eventBreaches(events, EVENT_RELATION_RULES['EVT-009'])).toEqual([]);
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
    expect(eventBreaches(events, EVENT_RELATION_RULES['EVT-020'])).toEqual([]);
  });

  test(
    ...titled(
      '[EVT-021] ALREADY_INSTRUCTED is the blockedReason of exactly the events with an appliedDecision',
    ),
    async ({ portfolio, eventReads }) => {
      const events = renewalsOf(labelledEvents(await eventReads(), portfolio));
      requireSome(events, (e) => e.appliedDecision !== null, 'with an appliedDecision');
      expect(eventBreaches(events, EVENT_RELATION_RULES['EVT-021'])).toEqual([]);
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
      expect(eventBreaches(events, EVENT_RELATION_RULES['EVT-023'])).toEqual([]);
    },
  );
});
