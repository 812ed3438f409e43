/**
 * Patent events, the events of one patent together: the instructability queue (EARLIER_EVENT_PENDING, only the
 * earliest event awaiting a decision allowed), the order of GET /patents/{patentId}/events, that list against
 * the snapshot and the single read, the by-period list's instructability, an event under another patent, and
 * posting on an allowed event.
 * Contract: Resources and their fields, Patent event; Endpoints, Patent events (3 and 4); Events.
 *
 * Rules that relate the events of one patent are checked on the per-patent sweeps only (one page: one
 * consistent read; helpers/spec/event-reads.ts). Event kinds other than RENEWAL are ignored (additive evolution).
 */
import {
  addDays,
  type ApiClient,
  type ApiResponse,
  awaitsDecision,
  earliestPending,
  expect,
  expectRuleHolds,
  isRenewal,
  nonEmpty,
  pickDocumented,
  type Portfolio,
  postInstructions,
  renewals,
  sentAtOf,
  skipBecause,
  skipIf,
  SLACK_DAYS,
  sortByDue,
  test,
  titled,
  targetUtcToday,
  verifiedOnlyIf,
  waitsForEarlier,
  walkList,
} from '../helpers/test';
import type { PatentEvent, PatentEventList } from '../schemas/types';

/** An event of the snapshot and a patent of the same tenant that the event does not belong to. */
async function eventUnderAnotherPatent(portfolio: Portfolio): Promise<{ eventId: string; patentId: string }> {
  const events = await portfolio.events();
  const event = events[0] ?? skipBecause('data', `no event found in ${portfolio.label}`);
  const other =
    events.find((e) => e.patent.id !== event.patent.id)?.patent.id ??
    (await portfolio.patents()).find((p) => p.id !== event.patent.id)?.id ??
    skipBecause('data', `no second patent found in ${portfolio.label}`);
  return { eventId: event.id, patentId: other };
}

/**
 * The events of a patent the snapshot shows in the case `holds` speaks of (over its events), read now, whole
 * (one page of 100): the answer, for the registry's rules that relate an event to the patent's earlier ones,
 * and its events. Skips when no unclaimed patent shows the case, or when the fresh read no longer does.
 */
async function patentListShowing(
  api: ApiClient,
  portfolio: Portfolio,
  holds: (events: PatentEvent[]) => boolean,
  what: string,
): Promise<{ response: ApiResponse; events: PatentEvent[] }> {
  const byPatent = new Map<string, PatentEvent[]>();
  for (const event of await portfolio.events())
    byPatent.set(event.patent.id, [...(byPatent.get(event.patent.id) ?? []), event]);
  const [patentId] =
    [...byPatent].find(([id, events]) => !portfolio.isClaimed(id) && holds(events)) ??
    skipBecause('data', `no unclaimed patent ${what} found in ${portfolio.label}`);
  const response = await api.call('listPatentEvents', { path: { patentId }, query: { itemsPerPage: 100 } });
  expect(response, `the events of patent ${patentId}`).toHaveStatus(200);
  const { data: events, pagination } = response.json<PatentEventList>();
  skipIf(pagination.hasMore, 'data', `patent ${patentId} has more than 100 events: its list takes pages`);
  skipIf(!holds(events), 'data', `the events of patent ${patentId} no longer show ${what}`);
  return { response, events };
}

/** The lists of `patentIds` (one page of 100 each), with their answers. */
async function sampledLists(
  api: ApiClient,
  patentIds: readonly string[],
): Promise<{ patentId: string; response: ApiResponse; events: PatentEvent[] }[]> {
  // The patents' lists depend on nothing of each other: they are read together.
  const responses = await Promise.all(
    nonEmpty(patentIds, 'data', 'sampled patent with events').map(async (patentId) => ({
      patentId,
      response: await api.call('listPatentEvents', { path: { patentId }, query: { itemsPerPage: 100 } }),
    })),
  );
  for (const { patentId, response } of responses)
    expect(response, `the events of patent ${patentId}`).toHaveStatus(200);
  return responses.map(({ patentId, response }) => ({
    patentId,
    response,
    events: response.json<PatentEventList>().data,
  }));
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

test.describe('events', () => {
  test(
    ...titled(
      '[EVT-021] EARLIER_EVENT_PENDING is given only when an earlier event of the patent awaits a decision',
    ),
    async ({ requireSetting, api, portfolio }) => {
      // The read-only run has no request to spare (its budget): there, the registry judges the same rule on
      // every answer of the run.
      requireSetting('ALLOW_WRITES');
      // An unclaimed patent with a blocked event: the kept state guarantees one.
      portfolio.needs('earlier-event-pending-unchanged');
      const { response } = await patentListShowing(
        api,
        portfolio,
        (events) => events.some((e) => isRenewal(e) && waitsForEarlier(e)),
        'with an event blocked as EARLIER_EVENT_PENDING',
      );
      // On the patent's whole list, an earlier event (of any kind) awaits a decision: the registry's rule
      // (EVT-021 in helpers/rules/events.ts).
      expectRuleHolds('EVT-021', response);
    },
  );

  test(
    ...titled('[EVT-017] only the earliest event of a patent awaiting a decision can be allowed'),
    async ({ requireSetting, api, portfolio }) => {
      // The read-only run has no request to spare (its budget): there, the registry judges the same rule on
      // every answer of the run.
      requireSetting('ALLOW_WRITES');
      // Two events awaiting a decision on an unclaimed patent: the kept blocked patent has them.
      portfolio.needs('earlier-event-pending-unchanged');
      const { response } = await patentListShowing(
        api,
        portfolio,
        (events) => renewals(events).filter(awaitsDecision).length > 1,
        'with two events awaiting a decision',
      );
      // On the patent's whole list, no allowed event behind an earlier pending one: the registry's rule (EVT-017
      // in helpers/rules/events.ts).
      expectRuleHolds('EVT-017', response);
    },
  );

  test(
    ...titled(
      '[EVT-017] the earliest event of a patent awaiting a decision, once its window has opened, is not blocked as already instructed, too early or behind an earlier event',
    ),
    async ({ requireSetting, api, portfolio }) => {
      // The read-only run has no request to spare (its budget): there, the registry judges the same rule on
      // every answer of the run.
      requireSetting('ALLOW_WRITES');
      // A pending event whose window has opened, on an unclaimed patent: the kept blocked patent's first one.
      portfolio.needs('earlier-event-pending-unchanged');
      const earliestServerToday = addDays(targetUtcToday(), -SLACK_DAYS);
      const opened = (events: PatentEvent[]) => {
        const opensAt = earliestPending(events)?.instructability.opensAt;
        return typeof opensAt === 'string' && opensAt <= earliestServerToday;
      };
      const { response, events } = await patentListShowing(
        api,
        portfolio,
        opened,
        'whose earliest event awaiting a decision has an open window',
      );
      // Not required: that such an event is allowed (a block for a reason outside the three is not excluded).
      const first = earliestPending(events)!;
      test.info().annotations.push({
        type: 'observation',
        description: `event ${first.id}, the earliest awaiting a decision (opensAt ${first.instructability.opensAt}): ${first.instructability.isAllowed ? 'allowed' : `blocked as ${String(first.instructability.blockedReason)}`}`,
      });
      // Judged on the patent's whole list against the answer's date, with two days of slack: the registry's
      // rule (EVT-017 in helpers/rules/events.ts).
      expectRuleHolds('EVT-017', response);
    },
  );

  test(
    ...titled('[EVT-029] the events of a patent come ordered by due date across two pages'),
    async ({ api, eventReads, portfolio }) => {
      const { perPatent } = await eventReads();
      // Unclaimed patents first: the two pages are one list only while no write moves the patent's events.
      const rank = ([id, events]: [string, PatentEvent[]]) =>
        (portfolio.isClaimed(id) ? 0 : 1000) + events.length;
      const [patentId, sweep] = [...perPatent].sort((a, b) => rank(b) - rank(a))[0] ?? [];
      skipIf(!patentId || sweep!.length < 3, 'data', 'no sampled patent has three events or more');
      // Two pages, so that the order must hold across a page boundary.
      const sentAt = Date.now();
      const walk = await walkList<PatentEvent>(api, 'listPatentEvents', {
        path: { patentId: patentId! },
        itemsPerPage: Math.ceil(sweep!.length / 2),
        maxPages: 10,
      });
      // "a page can shift when the collection changes": pages a write of the run may have moved between are
      // no one list.
      const writes = await portfolio.writesSince(sentAt);
      verifiedOnlyIf(
        !writes.movedPatent({ id: patentId!, providerId: sweep![0]!.patent.providerId }, 'event-schedule'),
        'time',
        `the run's writes may have moved the events of patent ${patentId} between its pages (${writes.describe()})`,
      );
      const dues = walk.items.map((e) => e.dueDate);
      const order = dueOrder(dues);
      verifiedOnlyIf(order !== 'tied', 'data', `the events of patent ${patentId} share one due date`);
      // Across the page boundary takes the two answers; each page in order is the registry's rule (EVT-029 in
      // helpers/rules/events.ts).
      expect(
        order,
        `due dates of patent ${patentId} over ${walk.pages.length} pages: ${dues.join(', ')}`,
      ).not.toBe('unordered');
      expectRuleHolds('EVT-029', ...walk.pages);
    },
  );

  test(
    ...titled(
      '[EVT-029] the events of each sampled patent come ordered by due date, in one direction for all',
    ),
    async ({ requireSetting, api, eventReads }) => {
      // The read-only run has no request to spare (its budget): there, the registry judges the same rule on
      // every answer of the run.
      requireSetting('ALLOW_WRITES');
      const { perPatent } = await eventReads();
      // The sampled patents' lists, read again (one page of 100 each).
      const reads = await sampledLists(api, [...perPatent.keys()]);
      const orders = reads.map(({ patentId, events }) => {
        const dues = events.map((e) => e.dueDate);
        return { patentId, order: dueOrder(dues) };
      });
      verifiedOnlyIf(
        orders.some(({ order }) => order !== 'tied'),
        'data',
        'no sampled patent has events with two distinct due dates',
      );
      // One endpoint, one order: the direction, free, is the same for every patent.
      const directions = new Set(
        orders.map(({ order }) => order).filter((order) => order === 'ascending' || order === 'descending'),
      );
      expect([...directions], 'directions of the sampled patents').toHaveLength(1);
      // Each list ordered by due date: the registry's rule (EVT-029 in helpers/rules/events.ts).
      expectRuleHolds('EVT-029', ...reads.map(({ response }) => response));
    },
  );

  test(
    ...titled('[EVT-030] GET /patents/{patentId}/events lists exactly the events of that patent'),
    async ({ requireSetting, api, portfolio, eventReads }) => {
      // The read-only run has no request to spare (its budget): there, the registry judges the same rule on
      // every answer of the run.
      requireSetting('ALLOW_WRITES');
      const { snapshot, perPatent } = await eventReads();
      // The snapshot must hold every event of the tenant to tell a missing one from one past its pages.
      await portfolio.requireComplete('events');
      // The sampled patents no test has claimed: those whose events the comparison is likely to keep.
      const sampled = [...perPatent.keys()].filter((id) => !portfolio.isClaimed(id));
      // The sampled patents' lists, read again (one page of 100 each).
      const reads = await sampledLists(api, nonEmpty(sampled, 'data', 'sampled patent no test has claimed'));
      // A list envelope of patent events: the registry's rule (EVT-030 in helpers/rules/events.ts); that they
      // are the patent's events takes the snapshot, plus the run's writes since: a patent whose events a write
      // may have moved is left out.
      expectRuleHolds('EVT-030', ...reads.map(({ response }) => response));
      const writes = await portfolio.writesSinceSnapshot();
      const providerIdOf = new Map(snapshot.map((e) => [e.patent.id, e.patent.providerId]));
      const judged = reads.filter(
        ({ patentId }) =>
          !writes.movedPatent({ id: patentId, providerId: providerIdOf.get(patentId) }, 'event-schedule'),
      );
      for (const { patentId, events } of nonEmpty(
        judged,
        'time',
        "sampled patent whose events the run's writes left as they were",
      )) {
        const expected = snapshot.filter((e) => e.patent.id === patentId).map((e) => e.id);
        expect(events.map((e) => e.id).sort(), `events of patent ${patentId}`).toEqual(expected.sort());
      }
    },
  );

  test(
    ...titled('[EVT-031] GET /patents/{patentId}/events/{eventId} returns each event as the list shows it'),
    async ({ api, portfolio }) => {
      // Claimed, so that no other test instructs or updates it: the single reads show what the list shows, but
      // for what the run's writes since the list may have moved (a freeze of another test moves isFxRateFrozen
      // across patents). Preferably a patent whose events are in several states (one waits for an earlier one).
      const { patentId } = await portfolio.claim('any', { prefer: (events) => events.some(waitsForEarlier) });
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
      // The single reads go together.
      const singles = await Promise.all(
        nonEmpty(reads, 'data', `event of patent ${patentId} to read alone`).map(
          async (event): Promise<[PatentEvent, ApiResponse]> => [
            event,
            await api.call('getPatentEvent', { path: { patentId, eventId: event.id } }),
          ],
        ),
      );
      const writes = await portfolio.writesSince(sentAtOf(list));
      // The event its path names: the registry's rule (EVT-031 in helpers/rules/events.ts); as the list shows
      // it takes the two answers.
      for (const [, response] of singles) expect(response).toHaveStatus(200);
      expectRuleHolds('EVT-031', ...singles.map(([, response]) => response));
      for (const [event, response] of singles) {
        const single = response.json<PatentEvent>();
        expect(
          writes.unmoved('PatentEvent', pickDocumented('PatentEvent', single)),
          `event ${event.id} read alone (the run's writes since the list: ${writes.describe()})`,
        ).toEqual(writes.unmoved('PatentEvent', pickDocumented('PatentEvent', event)));
      }
    },
  );

  test(
    ...titled(
      "[EVT-032] the by-period list gives each event its patent list's instructability, in a wide and a one-day window",
    ),
    async ({ api, portfolio, eventReads }) => {
      // The sampled patents are unclaimed ones: the kept state guarantees a waiting event among them.
      portfolio.needs('earlier-event-pending-unchanged');
      const { snapshot, perPatent, since } = await eventReads();
      skipIf(perPatent.size === 0, 'data', 'no patent with events found in the primary tenant');
      // A one-day window holding an event that waits for an earlier one: the earlier one is outside it.
      const waiting = [...perPatent.values()].flat().find((e) => isRenewal(e) && waitsForEarlier(e));
      // Without such an event the one-day window, the point of the rule, cannot be chosen.
      verifiedOnlyIf(
        waiting !== undefined,
        'data',
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
      // The reads plus the run's writes since the first of them: an event whose instructability a write may have
      // moved (an instruction of any event of its patent, a push of the patent) is left out.
      const writes = await portfolio.writesSince(since);
      const perPatentRead = new Map(
        [...perPatent.values()]
          .flat()
          .filter((e) => !writes.movedEvent(e, 'instructability'))
          .map((e) => [e.id, e] as const),
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

  const underAnotherPatent = [
    { operationId: 'getPatentEvent', path: '/patents/{patentId}/events/{eventId}', what: 'event' },
    { operationId: 'getEventFees', path: '/patents/{patentId}/events/{eventId}/fees', what: 'fees of event' },
  ] as const;
  for (const { operationId, path, what } of underAnotherPatent) {
    test(
      ...titled(`[EVT-033] GET ${path} with an event of another patent gives 404 not_found`),
      async ({ api, portfolio }) => {
        const { eventId, patentId } = await eventUnderAnotherPatent(portfolio);
        const response = await api.call(operationId, { path: { patentId, eventId } });
        expect(response, `${what} ${eventId} under patent ${patentId}`).toBeProblem({
          status: 404,
          code: 'not_found',
        });
      },
    );
  }

  test(
    ...titled('[EVT-028] posting an allowed decision for an allowed event answers 201'),
    async ({ api, portfolio, requireSetting }) => {
      requireSetting('ALLOW_INSTRUCTIONS');
      const allowed = (list: PatentEvent[]) =>
        sortByDue(renewals(list)).filter((e) => awaitsDecision(e) && e.instructability.isAllowed);
      const { events } = await portfolio.claim('allowed', {
        // Preferably one where a later event waits for an earlier one (and so could wrongly read allowed).
        prefer: (list) => allowed(list).length > 1 || list.some(waitsForEarlier),
      });
      // The latest allowed event of the patent: every event that reads allowed must be instructable, not
      // only the earliest pending one (a view that ignores the earlier events would offer later ones).
      const event = allowed(events).at(-1)!;
      const offered = event.instructability.allowedDecisions;
      // A decision that does not pay: it leaves the PROCEED path to the fees tests.
      const decision = offered.find((d) => d !== 'PROCEED') ?? offered[0]!;
      const response = await postInstructions(api, [{ eventId: event.id, decision }]);
      expect(response, `${decision} on event ${event.id} offered ${offered.join(', ')}`).toHaveStatus(201);
    },
  );
});
