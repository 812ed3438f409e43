/**
 * Patent events: the Patent event resource (renewal, instructability) and its field rules, checked on every
 * event read.
 * Contract: Resources and their fields, Patent event; Endpoints, Patent events (3 and 4); Events.
 *
 * The rules one event decides are the registry's (helpers/rules/events.ts), applied to every answer: the tests
 * earn their pass from its judgement of the answers they hold, the worker's sample of events (a page of a wide
 * window, a patent's events and one event read alone: helpers/spec/conventions-sample.ts) and, where a rule
 * speaks of a case, the events of a patent the snapshot shows in that case, read again. Rules that relate the
 * events of one patent are in events-per-patent.spec.ts. Event kinds other than RENEWAL are ignored (additive
 * evolution). The server's "today" may be a day off the suite's UTC date (its own time zone), so the choice
 * of a case by date keeps two days of slack, as the registry's date rules do with the answer's date.
 */
import {
  addDays,
  type ApiClient,
  type ApiResponse,
  awaitsDecision,
  describeRequires,
  expect,
  expectRuleHolds,
  isRenewal,
  labelledEvents,
  type Portfolio,
  renewals,
  sentAtOf,
  skipIf,
  SLACK_DAYS,
  test,
  titled,
  targetUtcToday,
  EVENT_FIELD_RULES,
} from '../helpers/test';
import type { Patent, PatentEvent, PatentEventList } from '../schemas/types';

/** The operations of the worker's sample whose answers hold events. */
const EVENT_READS = ['listEventsByPeriod', 'listPatentEvents', 'getPatentEvent'];

/**
 * The worker's sample of events (helpers/spec/conventions-sample.ts, read once per worker): the answers that
 * hold events, for the registry's rules, and their events; skips when the tenant shows no event.
 */
async function sampledEvents(
  sample: Promise<{ reads: { operationId: string; response: ApiResponse; body: unknown }[] }>,
  portfolio: Portfolio,
): Promise<{ responses: ApiResponse[]; events: PatentEvent[] }> {
  const reads = (await sample).reads.filter((read) => EVENT_READS.includes(read.operationId));
  const events = reads.flatMap(({ operationId, response }) =>
    operationId === 'getPatentEvent' ? [response.json<PatentEvent>()] : response.json<PatentEventList>().data,
  );
  skipIf(events.length === 0, 'data', `no event found in ${portfolio.label}`);
  return { responses: reads.map((read) => read.response), events };
}

/**
 * The events of a patent whose snapshot shows a renewal event in the case `state` speaks of, read now (one
 * request): the answer, for the registry's rules. Skips when no unclaimed patent shows the case, or when the
 * fresh read no longer does.
 */
async function patentShowing(
  api: ApiClient,
  portfolio: Portfolio,
  state: (e: PatentEvent) => boolean,
  what: string,
): Promise<ApiResponse> {
  const event = await portfolio.event(
    (e) => isRenewal(e) && state(e) && !portfolio.isClaimed(e.patent.id),
    `${what} (of an unclaimed patent)`,
  );
  const response = await api.call('listPatentEvents', {
    path: { patentId: event.patent.id },
    query: { itemsPerPage: 100 },
  });
  expect(response, `the events of patent ${event.patent.id}`).toHaveStatus(200);
  skipIf(
    !renewals(response.json<PatentEventList>().data).some(state),
    'data',
    `the events of patent ${event.patent.id} no longer show an event ${what}`,
  );
  return response;
}

test.describe('events', () => {
  // The file's tests run in one worker: the sample they judge is read once there. The read-only run has no
  // request to spare (its budget): there, the registry judges the same rules on every answer of the run.
  test.describe.configure({ mode: 'default' });
  describeRequires('ALLOW_WRITES');
  for (const { id, title } of EVENT_FIELD_RULES) {
    test(...titled(`[${id}] ${title}`), async ({ api, portfolio, conventionsSample }) => {
      const { responses } = await sampledEvents(conventionsSample(api), portfolio);
      expectRuleHolds(id, ...responses);
    });
  }

  test(
    ...titled("[EVT-002] the patent reference of an event names its patent, with that patent's providerId"),
    async ({ api, portfolio, eventReads, conventionsSample }) => {
      const sampled = await sampledEvents(conventionsSample(api), portfolio);
      // Read under a patent, an event names that patent: the registry's rule (EVT-002 in helpers/rules/events.ts).
      expectRuleHolds('EVT-002', ...sampled.responses);
      // The providerId of the patent it names takes the patent's own read: compared here.
      const perPatent = await eventReads();
      const events = [
        ...labelledEvents(perPatent, portfolio),
        ...sampled.events.map((event) => ({ where: 'sample', event })),
      ];
      const patents = new Map((await portfolio.patents()).map((p) => [p.id, p]));
      // A patent created after the snapshot is read now; the reads plus the run's writes since the first of them:
      // an event whose patent's providerId a push may have moved is left out.
      const unreadable: string[] = [];
      const unknown = [...new Set(events.map(({ event }) => event.patent.id))].filter(
        (id) => !patents.has(id),
      );
      const reads = await Promise.all(
        unknown.map((patentId) => api.call('getPatent', { path: { patentId } })),
      );
      unknown.forEach((patentId, i) => {
        const response = reads[i]!;
        if (response.status === 200) patents.set(patentId, response.json<Patent>());
        else unreadable.push(`the patent ${patentId} named by an event answers ${response.status}`);
      });
      const since = Math.min(
        perPatent.since,
        await portfolio.snapshotSentAt('patents'),
        ...sampled.responses.map(sentAtOf),
      );
      const writes = await portfolio.writesSince(since);
      const problems = events.flatMap(({ where, event: e }) => {
        const patent = patents.get(e.patent.id);
        if (patent === undefined) return []; // reported in `unreadable`
        if (writes.movedEvent(e, 'patent-members') || e.patent.providerId === patent.providerId) return [];
        return [
          `${where}, event ${e.id}: patent.providerId ${JSON.stringify(e.patent.providerId)}, the patent has ${JSON.stringify(patent.providerId)}`,
        ];
      });
      expect([...unreadable, ...problems]).toEqual([]);
    },
  );

  test(
    ...titled('[EVT-009] renewal.paymentSequenceNumber never equals annuityYear'),
    async ({ api, portfolio, conventionsSample }) => {
      const { responses, events } = await sampledEvents(conventionsSample(api), portfolio);
      const shown = renewals(events).filter((e) => typeof e.renewal?.paymentSequenceNumber === 'number');
      test.info().annotations.push({
        type: 'observation',
        description: `${shown.length} of ${renewals(events).length} renewal events read carry a paymentSequenceNumber`,
      });
      expectRuleHolds('EVT-009', ...responses);
    },
  );

  test(
    ...titled('[EVT-016] events carry no fees member unless include=fees is requested'),
    async ({ api, portfolio, conventionsSample }) => {
      const { responses, events } = await sampledEvents(conventionsSample(api), portfolio);
      const unchanged = events.find((e) => !portfolio.isClaimed(e.patent.id));
      skipIf(!unchanged, 'data', 'every event read belongs to a patent claimed by a test that changes it');
      const single = await api.call('getPatentEvent', {
        path: { patentId: unchanged!.patent.id, eventId: unchanged!.id },
      });
      expect(single).toHaveStatus(200);
      // No fees member without include=fees (the sample's per-patent list; its by-period page asks for them):
      // the registry's rule (EVT-016 in helpers/rules/events.ts).
      expectRuleHolds('EVT-016', single, ...responses);
    },
  );

  test(
    ...titled('[EVT-020] a LAPSED event never offers PROCEED'),
    async ({ api, portfolio, conventionsSample }) => {
      const sampled = await sampledEvents(conventionsSample(api), portfolio);
      const response = await patentShowing(
        api,
        portfolio,
        (e) => e.duePeriod === 'LAPSED' && e.instructability.isAllowed,
        'with duePeriod LAPSED that is allowed',
      );
      expectRuleHolds('EVT-020', response, ...sampled.responses);
    },
  );

  test(
    ...titled(
      '[EVT-021] ALREADY_INSTRUCTED is the blockedReason of exactly the events with an appliedDecision',
    ),
    async ({ api, portfolio, conventionsSample }) => {
      const sampled = await sampledEvents(conventionsSample(api), portfolio);
      const response = await patentShowing(
        api,
        portfolio,
        (e) => e.appliedDecision !== null,
        'with an appliedDecision',
      );
      expectRuleHolds('EVT-021', response, ...sampled.responses);
    },
  );

  test(
    ...titled('[EVT-021] TOO_EARLY is given only while today is before opensAt'),
    async ({ api, portfolio, conventionsSample }) => {
      const sampled = await sampledEvents(conventionsSample(api), portfolio);
      const response = await patentShowing(
        api,
        portfolio,
        (e) => e.instructability.blockedReason === 'TOO_EARLY',
        'blocked as TOO_EARLY',
      );
      // Judged against the answer's date, with two days of slack (EVT-021 in helpers/rules/events.ts).
      expectRuleHolds('EVT-021', response, ...sampled.responses);
    },
  );

  test(
    ...titled(
      '[EVT-017] an event awaiting a decision whose window opens in more than two days is not allowed',
    ),
    async ({ api, portfolio, conventionsSample }) => {
      const sampled = await sampledEvents(conventionsSample(api), portfolio);
      const latestServerToday = addDays(targetUtcToday(), SLACK_DAYS);
      const response = await patentShowing(
        api,
        portfolio,
        (e) =>
          awaitsDecision(e) &&
          e.instructability.opensAt !== null &&
          e.instructability.opensAt > latestServerToday,
        `awaiting a decision with opensAt after ${latestServerToday}`,
      );
      // Judged against the answer's date, with two days of slack (EVT-017 in helpers/rules/events.ts).
      expectRuleHolds('EVT-017', response, ...sampled.responses);
    },
  );

  test(
    ...titled('[EVT-023] opensAt is the first day of the month two months before the due month'),
    async ({ api, portfolio, conventionsSample }) => {
      const { responses, events } = await sampledEvents(conventionsSample(api), portfolio);
      const withOpensAt = renewals(events).filter((e) => e.instructability.opensAt !== null);
      skipIf(withOpensAt.length === 0, 'data', 'no renewal event with an opensAt in the sample read');
      const yearBoundary = withOpensAt.filter((e) => /-0[12]-/.test(e.dueDate)).length;
      test.info().annotations.push({
        type: 'observation',
        description: `${yearBoundary} renewal events read are due in January or February (opensAt in the previous year)`,
      });
      expectRuleHolds('EVT-023', ...responses);
    },
  );
});
