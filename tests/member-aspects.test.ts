/**
 * What each member of a resource depends on (helpers/contract/member-aspects.ts): documented members only, and a
 * resource without what the run's writes moved for its subject, an invoice line's by its own event.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { documentedMembers } from '../helpers/contract/documented-members';
import { MEMBER_ASPECTS, withoutMoved } from '../helpers/contract/member-aspects';

const P = 'patent-1';
const E1 = 'event-1';
const E2 = 'event-2';

void describe('what each member depends on', () => {
  void it('names documented members only', () => {
    for (const [component, members] of Object.entries(MEMBER_ASPECTS)) {
      const documented = new Set(documentedMembers(component === 'InvoiceLine' ? 'Fees' : component));
      assert.deepEqual(
        Object.keys(members).filter((m) => !documented.has(m)),
        [],
        component,
      );
    }
  });

  void it("leaves out of a resource the members a write moved for its subject, an invoice line's by its own event", () => {
    const event = {
      object: 'patentEvent',
      id: E1,
      patent: { id: P },
      dueDate: '2026-05-01',
      isFxRateFrozen: true,
    };
    const frozen = (aspects: readonly string[]) => aspects.includes('frozen-rate');
    assert.deepEqual(withoutMoved('PatentEvent', event, frozen), {
      object: 'patentEvent',
      id: E1,
      patent: { id: P },
      dueDate: '2026-05-01',
    });
    const line = (eventId: string) => ({ object: 'fees', eventId, total: '1.00', isFxRateFrozen: false });
    const invoice = { object: 'invoice', id: 'i', fees: [line(E1), line(E2)] };
    const ofE1 = (aspects: readonly string[], subject: { eventId?: string }) =>
      subject.eventId === E1 && aspects.includes('frozen-rate');
    assert.deepEqual(withoutMoved('Invoice', invoice, ofE1), {
      object: 'invoice',
      id: 'i',
      fees: [{ object: 'fees', eventId: E1, total: '1.00' }, line(E2)],
    });
  });
});
