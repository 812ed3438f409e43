/**
 * Problem details (RFC 9457) of the instruction and sync conflicts: 409 instruction_already_set, the 422
 * instruction codes and 409 conflict, each with its extension members at the top level.
 * Contract: Errors (code table, extension members).
 */
import { randomUUID } from 'node:crypto';
import {
  AWAITING_DECISION,
  EARLIEST_PENDING_LAPSED,
  earliestPending,
  expect,
  expectRuleHolds,
  postInstructions,
  reinstruct,
  renewals,
  test,
  titled,
  waitsForEarlier,
} from '../helpers/test';
import type { PatentEvent } from '../schemas/types';

test.describe('problems', () => {
  // Each test provokes its code (the precondition: a code-table rule judges the answers that carry its code);
  // the registry's rules judge the code's status and type, and where it has some, its extension members.
  test.describe('instruction and sync conflicts', () => {
    test(
      ...titled(
        '[PROB-017] instructing an event that already has a decision gets 409 instruction_already_set',
      ),
      async ({ api, portfolio, requireSetting }) => {
        requireSetting('ALLOW_INSTRUCTIONS');
        // Blocked as ALREADY_INSTRUCTED: "computed by the same rule that the instruction POST enforces".
        const event = await portfolio.eventIn('already-instructed');
        const response = await reinstruct(api, event);
        // The snapshot's state plus the run's writes since: "An executed instruction cannot be modified".
        await portfolio.requireUnmoved(event, 'instructability', 'event-decision');
        expect(response).toBeProblem({ code: 'instruction_already_set' });
        expectRuleHolds('PROB-017', response);
      },
    );

    test(
      ...titled('[PROB-019] instructing an event before its window opens gets 422 instruction_too_early'),
      async ({ api, portfolio, requireSetting }) => {
        requireSetting('ALLOW_INSTRUCTIONS');
        const all = await portfolio.events();
        const firstOfPatent = (e: PatentEvent) =>
          earliestPending(all.filter((o) => o.patent.id === e.patent.id))?.id === e.id;
        const first = await portfolio.eventIn('too-early', AWAITING_DECISION);
        // Prefer the earliest pending event of its patent: no other rule can block it.
        const event =
          (await portfolio.eventsIn('too-early')).find(
            (e) => AWAITING_DECISION.holds(e) && firstOfPatent(e),
          ) ?? first;
        const response = await postInstructions(api, [{ eventId: event.id, decision: 'PROCEED' }]);
        // The snapshot's state plus the run's writes since: a push that moves its due date moves its window.
        await portfolio.requireUnmoved(event, 'instructability', 'event-decision');
        expect(response).toBeProblem({ code: 'instruction_too_early' });
        expectRuleHolds('PROB-019', response);
      },
    );

    test(
      ...titled(
        '[PROB-010, PROB-020] skipping an earlier pending event gets 422 instruction_skipped with its extensions at the top level',
      ),
      async ({ api, portfolio, requireSetting }) => {
        requireSetting('ALLOW_INSTRUCTIONS');
        const { events } = await portfolio.claim('earlier-event-pending');
        const event = renewals(events).find(waitsForEarlier)!;
        const response = await postInstructions(api, [{ eventId: event.id, decision: 'PROCEED' }]);
        expect(response).toBeProblem({ code: 'instruction_skipped' });
        expectRuleHolds('PROB-020', response);
        expectRuleHolds('PROB-010', response);
      },
    );

    test(
      ...titled('[PROB-021] a decision not offered for the event gets 422 instruction_lapsed'),
      async ({ api, portfolio, requireSetting }) => {
        requireSetting('ALLOW_INSTRUCTIONS');
        const { events } = await portfolio.claim('lapsed', { refine: EARLIEST_PENDING_LAPSED });
        const event = earliestPending(events)!;
        const response = await postInstructions(api, [{ eventId: event.id, decision: 'PROCEED' }]);
        expect(response).toBeProblem({ code: 'instruction_lapsed' });
        expectRuleHolds('PROB-021', response);
      },
    );

    test(
      ...titled(
        '[PROB-010, PROB-018] reusing an externalImportRef with other items gets 409 conflict with existingBatchId at the top level',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const ref = `conformance-conflict-${randomUUID()}`;
        // Items without providerId or servicePatentId: rejected as items, they change no patent.
        const first = await api.call('syncPatents', {
          body: { externalImportRef: ref, items: [{ title: 'Conformance conflict probe A' }] },
        });
        expect(first).toHaveStatus([201, 202]);
        const second = await api.call('syncPatents', {
          body: { externalImportRef: ref, items: [{ title: 'Conformance conflict probe B' }] },
        });
        expect(second).toBeProblem({ code: 'conflict' });
        expectRuleHolds('PROB-018', second);
        expectRuleHolds('PROB-010', second);
      },
    );
  });
});
