/**
 * What each outcome of a sync item writes, read back on the routes that show it: the write-effect table of a
 * push. The outcome a target gives an item that touches many members is its own (which fields are critical:
 * not shown), so the test sends the items, reads the outcome each got, and holds the patent to what that
 * outcome allows (Sync batch and item outcomes):
 * - an update APPLIED ("update touching no critical field") shows every member it carried, at once;
 * - an update STAGED ("awaits review") or REJECTED ("invalid item") leaves every member as it was;
 * - a create STAGED adds no patent: its providerId lists none until a review accepts it.
 * The patent is claimed: no other test writes it; the run's journal records these writes for the others.
 * Contract: Portfolio sync (8), Sync batch and item outcomes; Patent.
 */
import { randomUUID } from 'node:crypto';
import {
  createItem,
  describeRequires,
  documentedMembers,
  enumOf,
  expect,
  type Item,
  membersOfFormat,
  pickDocumented,
  push,
  pushOne,
  expectRuleHolds,
  readPatent,
  test,
  titled,
  carriedMembers,
} from '../helpers/test';
import type { Patent, PatentList } from '../schemas/types';

/** Members a read may show changed with no write of the client (PAT-024): left out of "as it was". */
const NOT_CLIENT_DATA = ['officialNumbers', 'status', 'updatedAt'];

const clientData = (patent: Patent) => {
  const documented = pickDocumented('Patent', patent) as Record<string, unknown>;
  for (const name of NOT_CLIENT_DATA) delete documented[name];
  return documented;
};

/** The day after a `YYYY-MM-DD`. */
const nextDay = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * An update changing every member a sync item may carry (schemas/openapi.yaml, SyncItem), each to another
 * valid value: whatever fields the target holds critical, this item touches them. Left out, so that nothing
 * the contract leaves open decides the verdict: `status` (its transitions are not shown: a service may set it
 * itself), the dates the patent lacks (each date present moves by one day, so their order stays), and
 * arrays in an order a server might not keep (one sorted list, one single value).
 */
function everyMemberChanged(before: Patent, patentId: string): Item {
  const dates = new Set(membersOfFormat('SyncItem', 'date'));
  const shown = before as unknown as Record<string, unknown>;
  const tag = randomUUID().slice(0, 8);
  const item: Item = { servicePatentId: patentId };
  for (const name of documentedMembers('SyncItem')) {
    if (name === 'servicePatentId' || name === 'providerId' || name === 'status') continue;
    const current = shown[name];
    if (dates.has(name)) {
      if (typeof current === 'string') item[name] = nextDay(current);
    } else if (name === 'office') item[name] = current === 'FR' ? 'DE' : 'FR';
    else if (name === 'claimCount')
      item[name] = (typeof current === 'number' && current > 0 ? current : 0) + 3;
    else if (name === 'designatedCountries') item[name] = ['DE', 'FR'];
    else if (name === 'secondaryOwners') item[name] = [`Conformance co-owner ${tag}`];
    else {
      const values = (() => {
        try {
          return enumOf('SyncItem', name as never).filter((v) => v !== null) as string[];
        } catch {
          return [];
        }
      })();
      item[name] =
        values.length > 0 ? (values.find((v) => v !== current) ?? values[0]) : `Conformance ${name} ${tag}`;
    }
  }
  return item;
}

test.describe('what each sync outcome writes', () => {
  describeRequires('ALLOW_WRITES');

  test(
    ...titled(
      '[SYNC-056, SYNC-039, SYNC-027] after each outcome of a sync item the patent reads what the outcome allows: a REJECTED or STAGED update nothing, an APPLIED update all it carried, a STAGED create no patent',
    ),
    async ({ api, portfolio }) => {
      const { patentId } = await portfolio.claim('sync-target');
      const before = await readPatent(api, patentId);

      // An item invalid by one date, its other member valid: REJECTED, and nothing of it is written.
      const rejected = await push(api, [
        { servicePatentId: patentId, title: `Conformance rejected ${randomUUID()}`, grantDate: '2024-02-30' },
      ]);
      expect(rejected, 'precondition: the push is processed inline').toHaveStatus(201);
      // REJECTED for the date 2024-02-30: the registry's rule (SYNC-039 in helpers/rules/sync.ts).
      expectRuleHolds('SYNC-039', rejected);
      const afterRejected = await readPatent(api, patentId);
      expect(clientData(afterRejected), 'the patent after a REJECTED item').toEqual(clientData(before));

      // An update touching every member: the patent shows what its outcome allows.
      const item = everyMemberChanged(before, patentId);
      const update = await pushOne(api, item);
      const after = await readPatent(api, patentId);
      const outcome = update.result.outcome;
      if (outcome === 'APPLIED') {
        const { carried, shown } = carriedMembers(item, after);
        expect(shown, 'an APPLIED update: every member it carried').toEqual(carried);
      } else {
        // Every member valid and no refused twin: triage applies it or stages it ("invalid item": REJECTED).
        expect(outcome, `the outcome of a valid update (${update.result.reason ?? 'no reason'})`).toBe(
          'STAGED',
        );
        expect(clientData(after), 'the patent after an update STAGED').toEqual(clientData(afterRejected));
      }

      // A create: STAGED, and its providerId names no patent before a review.
      const create = createItem('effects');
      const created = await pushOne(api, create);
      expect(created.result.outcome, 'a create').toBe('STAGED');
      const listed = await api.call('listPatents', { query: { providerId: create.providerId as string } });
      expect(listed).toHaveStatus(200);
      expect(
        listed.json<PatentList>().data.map((p) => p.id),
        `GET /patents?providerId=${String(create.providerId)} while its create awaits review`,
      ).toEqual([]);
    },
  );
});
