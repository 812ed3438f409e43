/**
 * Input partitions generated from the contract (helpers/contract/partitions.ts, docs/partitions.md): the
 * partitions with an answer class that no other test sends. Case variants of sort fields and enum members,
 * ids of another kind, values of the wrong JSON type, malformed values and every enum member of a sync item.
 * Where a partition is a space, fast-check draws from it with the run's seed (FC_SEED replays it); the reads
 * of the read-only profile are a fixed small number per run (one path id of another kind, sampled).
 * Contract: Endpoints (parameters and bodies of each operation), Errors (code table), Sync batch and item
 * outcomes ("Item-level problems are reported as outcomes, never as HTTP errors").
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  type ApiClient,
  batchOf,
  enumOf,
  expect,
  expectRuleHolds,
  fcParams,
  freshProviderId,
  type Item,
  members,
  operationById,
  type OperationId,
  type Partition,
  partitionTable,
  type Portfolio,
  push,
  pushInline,
  renewals,
  sendsStill,
  skipBecause,
  test,
  titled,
  WIDE_WINDOW,
} from '../helpers/test';
import type { Patent, SyncResultItem } from '../schemas/types';

/** A request of a sampled partition: what was sent, what came back, what the contract gives it. */
interface Sent {
  request: string;
  observed: string;
  expected: string;
}

/** One value drawn from a space with the run's seed; `salt` keeps draws of one run apart. */
function draw<T>(arbitrary: fc.Arbitrary<T>, salt = 0): T {
  const params = fcParams<T>(1);
  return fc.sample(arbitrary, { ...params, seed: (params.seed ?? 0) + salt, numRuns: 1 })[0]!;
}

/** A case variant of a word: all lower case, or capitalised; never the word itself. */
function caseVariants(word: string): string[] {
  const lower = word.toLowerCase();
  const capitalised = word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
  const upper = word.toUpperCase();
  return [...new Set([lower, capitalised, upper])].filter((v) => v !== word);
}

/** A sort value with a case variant of an allowed field, direction kept. */
function sortCaseVariant(allowed: readonly string[], salt: number): string {
  const candidates = allowed.flatMap((value) => {
    const [sign, field] = value.startsWith('-') ? ['-', value.slice(1)] : ['', value];
    return caseVariants(field).map((v) => `${sign}${v}`);
  });
  return draw(fc.constantFrom(...candidates.filter((c) => !allowed.includes(c))), salt);
}

/** The enum members of a query parameter of an operation, as schemas/openapi.yaml lists them. */
function queryEnum(operationId: OperationId, name: string): string[] {
  const found = members().find((m) => m.operationId === operationId && m.in === 'query' && m.name === name);
  return (found?.schema.enum ?? []) as string[];
}

/** Dates that are not strict, calendar-valid YYYY-MM-DD. */
const notStrictDate = fc
  .record({
    y: fc.integer({ min: 1990, max: 2035 }),
    m: fc.integer({ min: 1, max: 9 }),
    d: fc.integer({ min: 1, max: 28 }),
  })
  .chain(({ y, m, d }) => {
    const mm = String(m).padStart(2, '0');
    const dd = String(d).padStart(2, '0');
    return fc.constantFrom(
      `${y}-${m}-${dd}`,
      `${y}-${mm}-${dd}T00:00:00Z`,
      `${y}${mm}${dd}`,
      `${dd}/${mm}/${y}`,
      `${y}-${m + 12}-${dd}`,
      `${y}-${mm}-${d + 31}`,
      `${y}-02-30`,
      '',
    );
  });

test.describe('partitions', () => {
  test.describe('sort', () => {
    test(
      ...titled(
        '[PAT-019] listPatents sort with a case variant of an allowed field gives 400 validation_failed',
      ),
      async ({ api }) => {
        const sort = sortCaseVariant(queryEnum('listPatents', 'sort'), 1);
        const response = await api.call('listPatents', { query: { sort } });
        expectRuleHolds('PAT-019', response);
      },
    );

    test(
      ...titled(
        '[INV-020] listInvoices sort with a case variant of an allowed field gives 400 validation_failed',
      ),
      async ({ api }) => {
        const sort = sortCaseVariant(queryEnum('listInvoices', 'sort'), 2);
        const response = await api.call('listInvoices', { query: { sort } });
        expectRuleHolds('INV-020', response);
      },
    );
  });

  test.describe('ids of another kind', () => {
    /** A patent of the tenant with one of its renewal events, from the worker's snapshot. */
    async function patentWithEvent(portfolio: Portfolio) {
      const event = renewals(await portfolio.events())[0];
      if (event === undefined) skipBecause('data', 'no renewal event in the portfolio');
      return { patentId: event.patent.id, eventId: event.id };
    }

    test(
      ...titled('[PROB-016] getInvoice with the id of an event (an id of another kind) gives 404 not_found'),
      async ({ api, portfolio }) => {
        const events = renewals(await portfolio.events());
        // An invoiced event preferably: the id a server that confuses the two kinds would resolve.
        const event = events.find((e) => e.feesStatus === 'INVOICED') ?? events[0];
        if (event === undefined) skipBecause('data', 'no renewal event in the portfolio');
        const response = await api.call('getInvoice', { path: { invoiceId: event.id } });
        expect(response, `invoice ${event.id} (the id of an event)`).toBeProblem({
          status: 404,
          code: 'not_found',
        });
      },
    );

    /** The tenant's own values of a filter of events by period (what the contract filters on). */
    const FILTERED: Record<string, (p: Patent) => string | null> = {
      offices: (p) => p.office,
      owners: (p) => p.owner,
      family: (p) => p.clientFamilyReference,
    };

    /** A path id of another kind: the operation's ids are the tenant's, the row's one of another kind. */
    async function otherKind(api: ApiClient, portfolio: Portfolio, row: Partition): Promise<Sent> {
      const { patentId, eventId } = await patentWithEvent(portfolio);
      const path: Record<string, string> = { patentId, eventId, importId: patentId };
      path[row.member] = row.member === 'patentId' ? eventId : patentId;
      const needed = Object.fromEntries(operationById(row.operationId).pathParams.map((p) => [p, path[p]!]));
      const response = await api.call(row.operationId, { path: needed });
      const code = response.status >= 400 ? response.json<{ code?: string }>().code : undefined;
      return {
        request: `${row.operationId} ${JSON.stringify(needed)}`,
        observed: `${response.status} ${code}`,
        expected: '404 not_found',
      };
    }

    /** A filter value no patent of the tenant has, over the widest window. */
    async function unknownFilter(api: ApiClient, portfolio: Portfolio, row: Partition): Promise<Sent> {
      const known = (await portfolio.patents()).map(FILTERED[row.member]!);
      const value = draw(
        fc.stringMatching(/^[A-Z]{2}$/).filter((v) => !known.includes(v)),
        9,
      );
      const query = {
        ...WIDE_WINDOW,
        [row.member]: [row.member === 'offices' ? value : `Conformance ${value}`],
      };
      const response = await api.call('listEventsByPeriod', { query });
      const data = response.status === 200 ? response.json<{ data: unknown[] }>().data : [];
      return {
        request: `listEventsByPeriod ${JSON.stringify(query)}`,
        observed: `${response.status}, ${data.length} events`,
        expected: '200, 0 events',
      };
    }

    test(
      ...titled(
        '[PROB-016, PER-007, PER-008, PER-009] one read partition no other test sends, drawn per run: a path id of another kind gives 404 not_found, a filter value no patent has returns no event',
      ),
      async ({ api, portfolio }) => {
        const rows = partitionTable().partitions.filter(
          (p) =>
            p.check?.by === 'partitions' &&
            ((p.kind === 'other-kind' && p.in === 'path' && p.operationId !== 'getInvoice') ||
              (p.kind === 'unknown-value' && p.in === 'query')),
        );
        const row = draw(fc.constantFrom(...rows), 3);
        test.info().annotations.push({
          type: 'observation',
          description: `sampled: ${row.operationId} ${row.member} ${row.kind} (FC_SEED=${fcParams(1).seed})`,
        });
        const sent =
          row.kind === 'other-kind'
            ? await otherKind(api, portfolio, row)
            : await unknownFilter(api, portfolio, row);
        expect(sent.observed, sent.request).toBe(sent.expected);
      },
    );
  });

  test(
    ...titled(
      '[FRZ-005] putExchangeRateFreeze with a yearMonth that is not YYYY-MM gives 400 validation_failed',
    ),
    async ({ api, requireSetting }) => {
      requireSetting('ALLOW_WRITES');
      const yearMonth = draw(
        fc.oneof(
          fc.integer({ min: 13, max: 99 }).map((m) => `2024-${m}`),
          fc.constantFrom('2024-00', '2024-1', '202401', '2024-01-15', '24-01', '2024/01'),
        ),
        4,
      );
      const response = await api.call('putExchangeRateFreeze', { path: { yearMonth } });
      expectRuleHolds('FRZ-005', response);
    },
  );

  test.describe('instruction entries', () => {
    // Every entry names an id no event of the tenant has: nothing can be executed by mistake.
    const post = (api: ApiClient, entry: Record<string, unknown>) =>
      api.call('postInstructions', { body: { instructions: [entry] } });

    test(
      ...titled(
        '[PROB-016] postInstructions naming a patent id as eventId (an id of another kind) gives 404 not_found',
      ),
      async ({ api, portfolio, requireSetting }) => {
        requireSetting('ALLOW_INSTRUCTIONS');
        // A patent none of whose events can be instructed now, claimed by no test: a server that read the id as
        // the patent's would find nothing to execute.
        const events = await portfolio.events();
        const patent = (await portfolio.patents()).find(
          (p) =>
            !portfolio.isClaimed(p.id) &&
            events.some((e) => e.patent.id === p.id) &&
            events.every((e) => e.patent.id !== p.id || !e.instructability.isAllowed),
        );
        if (patent === undefined)
          skipBecause('data', 'no patent of the portfolio without an instructable event');
        const response = await post(api, { eventId: patent.id, decision: 'SKIP_THIS_TIME' });
        expect(response, `eventId ${patent.id} (a patent id)`).toBeProblem({
          status: 404,
          code: 'not_found',
        });
      },
    );

    test(
      ...titled(
        '[INS-012] postInstructions with a decision that is not a string gives 400 validation_failed',
      ),
      async ({ api, requireSetting }) => {
        requireSetting('ALLOW_INSTRUCTIONS');
        // (A decision in another case is sent by the instruction spec's INS-012 tests.)
        const [decision] = enumOf('Decision');
        const wrongType = draw(fc.oneof(fc.integer(), fc.constant([decision]), fc.constant({ decision })), 8);
        const response = await post(api, { eventId: randomUUID(), decision: wrongType });
        // 400 validation_failed, a field error at that decision: the registry's rule.
        expectRuleHolds('INS-012', response);
      },
    );
  });

  test.describe('partitions the contract leaves open', () => {
    /** A value of a query partition the contract leaves open, of the kind the row names. */
    function openQuery(row: Partition, salt: number): Record<string, string | string[]> {
      const values: Record<string, [string, string]> = {
        offices: ['EP', 'US'],
        owners: ['Conformance owner A', 'Conformance owner B'],
        family: ['Conformance family A', 'Conformance family B'],
        eventTypes: ['RENEWAL', 'OTHER'],
      };
      const [one, two] = values[row.member] ?? ['fees', 'other'];
      const base = row.operationId === 'listEventsByPeriod' ? { ...WIDE_WINDOW } : {};
      const value = ((): string | string[] => {
        switch (row.kind) {
          case 'below':
            return draw(fc.constantFrom('0', '-1'), salt);
          case 'wrong-type':
            return draw(fc.constantFrom('ten', '2.5', 'true'), salt);
          case 'empty':
            return '';
          case 'case-variant':
            return draw(fc.constantFrom(...caseVariants(one)), salt);
          case 'several':
            return [one, two];
          case 'repeat':
            return [one, one];
          case 'encoding':
            return `${one},${two}`;
          default:
            throw new Error(`no open value for ${row.kind}`);
        }
      })();
      return { ...base, [row.member]: value };
    }

    test(
      ...titled(
        '[CONV-014] one query partition the contract leaves open, drawn per run, gets a status its operation lists, and the one the contract still gives when every reading agrees',
      ),
      async ({ api }) => {
        const rows = partitionTable().partitions.filter((p) => sendsStill(p) && p.in === 'query');
        const row = draw(fc.constantFrom(...rows), 11);
        const query = openQuery(row, 12);
        test.info().annotations.push({
          type: 'observation',
          description: `sampled: ${row.operationId} ${row.member} ${row.kind} ${JSON.stringify(query)} (FC_SEED=${fcParams(1).seed})`,
        });
        const response = await api.call(row.operationId, { query });
        expectRuleHolds('CONV-014', response);
        // conditional by the contract: a row narrows the statuses only where every reading of the input agrees
        if (row.still!.statuses)
          expect(
            row.still!.statuses,
            `${response.describe()}: the contract still rules out ${row.still!.rulesOut}`,
          ).toContain(response.status);
      },
    );

    test(
      ...titled(
        '[CONV-014, SYNC-049] syncPatents: items of the partitions the contract leaves open (an empty text or list, a repeated entry, an item sent twice) get their outcomes inside 201, never an HTTP error',
      ),
      async ({ api, portfolio, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const country =
          (await portfolio.patents()).flatMap((p) => p.designatedCountries ?? [])[0] ??
          skipBecause('data', 'no designated country in the portfolio');
        const rows = partitionTable().partitions.filter(
          (p) => sendsStill(p) && p.operationId === 'syncPatents',
        );
        const nameOf = (pointer: string) => pointer.slice('/items/*/'.length);
        const openValue = (row: Partition, salt: number): unknown => {
          const name = nameOf(row.member);
          const list = name === 'designatedCountries' ? country : `Conformance ${name}`;
          switch (row.kind) {
            case 'empty':
              return /Countries|Owners/.test(name) ? [] : '';
            case 'repeat':
              return [list, list];
            case 'unknown-value':
              return draw(fc.string({ minLength: 1, maxLength: 12 }), salt);
            default:
              throw new Error(`no open value for ${row.kind} ${row.member}`);
          }
        };
        const items: Item[] = rows
          .filter((row) => row.member !== '/items/*')
          .map((row, i) => ({
            providerId: row.member === '/items/*/providerId' ? '' : freshProviderId('partitions-open'),
            title: `Conformance open ${i}`,
            ...(row.member === '/items/*/providerId'
              ? {}
              : { [nameOf(row.member)]: openValue(row, 200 + i) }),
          }));
        // The same item twice in one batch (the row of /items/* repeated).
        const twice: Item = { providerId: freshProviderId('partitions-twice'), title: 'Conformance twice' };
        if (rows.some((row) => row.member === '/items/*')) items.push(twice, { ...twice });
        const response = await push(api, items);
        expectRuleHolds('CONV-014', response);
        expectRuleHolds('SYNC-049', response);
        expect([201, 202], `${response.describe()}: item-level problems are outcomes`).toContain(
          response.status,
        );
        expect(batchOf(response).results.data, 'one result per item').toHaveLength(items.length);
      },
    );
  });

  test.describe('sync items', () => {
    /** Values the tenant's own data offers: an office and a country code (valid ISO codes, not invented). */
    async function tenantCodes(portfolio: Portfolio) {
      const patents = await portfolio.patents();
      const national = patents
        .map((p) => p.office)
        .find((o) => /^[A-Z]{2}$/.test(o) && !['WO', 'EP', 'EA'].includes(o));
      const country = patents.flatMap((p) => p.designatedCountries ?? [])[0] ?? national;
      const office = national ?? patents[0]?.office;
      if (office === undefined || country === undefined)
        skipBecause('data', 'no office or country code in the portfolio');
      return { office, country };
    }

    const itemMembers = () =>
      members().filter(
        (m) => m.operationId === 'syncPatents' && m.in === 'body' && m.name.startsWith('/items/*/'),
      );
    const nameOf = (pointer: string) => pointer.slice('/items/*/'.length);

    test(
      ...titled(
        '[SYNC-027, SYNC-037] syncPatents: create items carrying every member with a valid value (each enum member, each null) are STAGED',
      ),
      async ({ api, portfolio, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const { office, country } = await tenantCodes(portfolio);
        const sent = partitionTable().partitions.filter(
          (p) =>
            p.operationId === 'syncPatents' &&
            p.check?.by === 'partitions' &&
            p.answer !== 'not shown' &&
            'outcome' in p.answer &&
            p.answer.outcome === 'STAGED',
        );
        const valid = (name: string, k: number): unknown => {
          const facts = itemMembers().find((m) => nameOf(m.name) === name)!.schema;
          if (facts.enum) return facts.enum[k % facts.enum.length];
          if (facts.format === 'date') return `20${10 + k}-06-15`;
          if (name === 'office') return office;
          if (facts.types.includes('integer')) return 3 + k;
          if (facts.items?.pattern !== undefined) return [country];
          if (facts.types.includes('array')) return [`Conformance owner ${k}`];
          return `Conformance ${name} ${k}`;
        };
        const names = [
          ...new Set(
            sent.filter((p) => p.kind === 'valid' || p.kind === 'member').map((p) => nameOf(p.member)),
          ),
        ];
        // As many items as the longest enum has members: item k carries member k of every enum.
        const rounds = Math.max(...itemMembers().map((m) => m.schema.enum?.length ?? 1));
        const items: Item[] = [];
        for (let k = 0; k < rounds; k += 1) {
          const item: Item = { providerId: freshProviderId('partitions-valid') };
          for (const name of names) if (name !== 'providerId') item[name] = valid(name, k);
          items.push(item);
        }
        // Every member that may be null, null (servicePatentId included: the item stays a create).
        const nulls: Item = { providerId: freshProviderId('partitions-nulls'), office };
        for (const p of sent.filter((s) => s.kind === 'null')) nulls[nameOf(p.member)] = null;
        items.push(nulls);
        const batch = await pushInline(api, items);
        expect(batch.results.data, 'one result per item').toHaveLength(items.length);
        const outcome = (result: SyncResultItem, i: number) =>
          `item ${i} ${JSON.stringify(items[i])}: ${result.outcome}${result.reason ? ` (${result.reason})` : ''}`;
        expect(batch.results.data.map(outcome)).toEqual(
          items.map((item, i) => `item ${i} ${JSON.stringify(item)}: STAGED`),
        );
      },
    );

    test(
      ...titled(
        '[SYNC-049, SYNC-028, SYNC-038, SYNC-039, SYNC-042] syncPatents: an item with a member in another case, of an unknown value, of the wrong type, malformed, or an id of another kind is REJECTED with a reason inside 201',
      ),
      async ({ api, portfolio, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        const { office, country } = await tenantCodes(portfolio);
        const eventId =
          renewals(await portfolio.events())[0]?.id ??
          skipBecause('data', 'no renewal event in the portfolio');
        const rejected = partitionTable().partitions.filter(
          (p) =>
            p.operationId === 'syncPatents' &&
            p.check?.by === 'partitions' &&
            p.answer !== 'not shown' &&
            'outcome' in p.answer &&
            p.answer.outcome === 'REJECTED',
        );
        const facts = (name: string) => itemMembers().find((m) => nameOf(m.name) === name)!.schema;
        const pattern = (name: string) => new RegExp(facts(name).pattern ?? '^$');
        const badValue = (p: Partition, salt: number): unknown => {
          const name = nameOf(p.member);
          const f = facts(name);
          switch (p.kind) {
            case 'wrong-type':
              if (f.types.includes('integer')) return 'three';
              if (f.types.includes('array')) return country;
              // A number: the commonest wrong type, and the one a lenient mapper turns into text.
              return draw(fc.integer(), salt);
            case 'case-variant':
              if (f.enum) return draw(fc.constantFrom(...(f.enum as string[]).flatMap(caseVariants)), salt);
              if (f.types.includes('array')) return [country.toLowerCase()];
              return office.toLowerCase();
            case 'unknown-value':
              return draw(
                fc.stringMatching(/^[A-Z][A-Z_]{2,11}$/).filter((v) => !(f.enum ?? []).includes(v)),
                salt,
              );
            case 'malformed':
              if (f.format === 'date') return draw(notStrictDate, salt);
              return draw(
                fc.string({ maxLength: 8 }).filter((v) => !pattern(name).test(v)),
                salt,
              );
            case 'unknown-id':
              return randomUUID();
            case 'other-kind':
              return eventId;
            default:
              throw new Error(`no bad value for ${p.kind}`);
          }
        };
        const items: Item[] = rejected.map((p, i) => ({
          providerId: freshProviderId('partitions-rejected'),
          office,
          [nameOf(p.member)]: badValue(p, 100 + i),
        }));
        const response = await push(api, items);
        // 201 whatever the items hold (SYNC-049), a REJECTED result with a reason (SYNC-028), an item whose office
        // (SYNC-038) or a date (SYNC-039) is malformed REJECTED: the registry's rules.
        expectRuleHolds('SYNC-049', response);
        expectRuleHolds('SYNC-028', response);
        expectRuleHolds('SYNC-038', response);
        expectRuleHolds('SYNC-039', response);
        const batch = batchOf(response);
        expect(batch.results.data, 'one result per item').toHaveLength(items.length);
        // Which other values make an item invalid no rule of one answer decides: their outcomes are asserted here.
        const ruled = (p: Partition) =>
          p.kind === 'malformed' &&
          (nameOf(p.member) === 'office' || facts(nameOf(p.member)).format === 'date');
        const label = (i: number) =>
          `item ${i}, ${rejected[i]!.kind} ${rejected[i]!.member}: ${JSON.stringify(items[i])}`;
        const others = items.flatMap((_, i) => (ruled(rejected[i]!) ? [] : [i]));
        expect(others.map((i) => `${label(i)}: ${batch.results.data[i]!.outcome}`)).toEqual(
          others.map((i) => `${label(i)}: REJECTED`),
        );
      },
    );
  });
});
