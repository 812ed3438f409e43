/**
 * Combinations of a list route's query parameters, generated from the document (helpers/contract/
 * query-combinations.ts): each filter with each other, with the window, with the window's shortcut, with each
 * sort field and with include; not one parameter at a time. No combination is judged by a copy of a filter's
 * meaning: each is set against the same route's answers to its parts, by what each parameter's clause makes
 * of a request whatever else it asks (a filter keeps exactly its matches, a window bounds every item,
 * `dueMonth` is the window of its month, `sort` and `include` change no item). Every answer is also judged by
 * the registry's rules, as everywhere.
 *
 * The answers of one test are asked together; an item a write of the run since may have moved (its schedule,
 * its patent's members, a patent or invoice the run added) is left out of the comparison, never used to
 * choose what is compared. Values come from the data the run discovered: the busiest month, and for each
 * filter a value that keeps some of that month's events but not all where the data allows.
 * Contract: Endpoints, Patents (1), Patent events (6), Invoices (10); Pagination parameters.
 */
import {
  type Atom,
  intersect,
  pairsOf,
  queryAtoms,
  setDifferences,
  type OperationId,
  type ApiClient,
  type ApiResponse,
  expect,
  monthBounds,
  type Query,
  skipIf,
  sortFields,
  test,
  titled,
  verifiedOnlyIf,
  walkList,
  type WritesSince,
} from '../helpers/test';
import type { Invoice, Patent, PatentEvent } from '../schemas/types';

/** One request of a combination: its parts, named, and the query they make. */
interface Combination {
  name: string;
  query: Query;
}

/** The ids a combination's walk listed, every page answered 200; undefined when the walk was cut short. */
interface Listed<T> {
  name: string;
  items: T[];
  pages: ApiResponse[];
  complete: boolean;
}

async function listAll<T>(api: ApiClient, operationId: OperationId, c: Combination): Promise<Listed<T>> {
  const walk = await walkList<T>(api, operationId, { query: c.query, maxPages: 5 });
  return { name: c.name, items: walk.items, pages: walk.pages, complete: !walk.truncated };
}

const join = (...parts: Combination[]): Combination => ({
  name: parts.map((p) => p.name).join(' & '),
  query: Object.assign({}, ...parts.map((p) => p.query)) as Query,
});

/** The value of each filter, from the data: `undefined` when the data holds none (the filter is left out). */
type FilterValues = Record<string, string | undefined>;

/**
 * The value a filter of the by-period list is given: the one that keeps the most of the month's events while
 * leaving some out, else the most frequent (a filter keeping everything still combines). Each filter's member
 * comes from its clause ("patent office filter", "owner filter", "family filter", "business-kind filter").
 */
const EVENT_FILTER_MEMBERS: Record<string, (event: PatentEvent, patent: Patent | undefined) => unknown> = {
  offices: (_e, p) => p?.office,
  owners: (_e, p) => p?.owner,
  family: (_e, p) => p?.clientFamilyReference,
  eventTypes: (e) => e.eventType,
};

function telling(values: unknown[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) if (typeof v === 'string' && v !== '') counts.set(v, (counts.get(v) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return (ranked.find(([, n]) => n < values.length) ?? ranked[0])?.[0];
}

/** The month with the most events of the snapshot. */
function busiestMonth(events: PatentEvent[]): string | undefined {
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.dueDate.slice(0, 7), (counts.get(e.dueDate.slice(0, 7)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
}

/** The one `sort` value each field is sent with: ascending and descending by turns. */
function sortValuesSent(operationId: 'listPatents' | 'listInvoices'): Combination[] {
  return sortFields(operationId).map((field, i) => {
    const value = i % 2 === 0 ? field : `-${field}`;
    return { name: `sort=${value}`, query: { sort: value } };
  });
}

/** The ids of a listing, less those `leftOut` names. */
function idsOf<T extends { id: string }>(listed: Listed<T>, leftOut: (item: T) => boolean): Set<string> {
  return new Set(listed.items.filter((i) => !leftOut(i)).map((i) => i.id));
}

test.describe('combinations of query parameters', () => {
  test(
    ...titled(
      '[PER-003, PER-006, PER-007, PER-008, PER-009, PER-010, PER-012] the by-period filters combined with each other, with the window and with dueMonth list what each part lists',
    ),
    async ({ api, portfolio }) => {
      const atoms = queryAtoms('listEventsByPeriod');
      const events = await portfolio.events();
      const month = busiestMonth(events);
      skipIf(month === undefined, 'data', `no event in ${portfolio.label}`);
      const { first, last } = monthBounds(month!);
      const patents = new Map((await portfolio.patents()).map((p) => [p.id, p]));
      const inMonth = events.filter((e) => e.dueDate.slice(0, 7) === month);
      const values: FilterValues = {};
      const parts: Combination[] = [];
      // A filter the document adds fails here until its member is named: it is never left out silently.
      expect(
        atoms.filter((a) => a.kind === 'filter' && !(a.param in EVENT_FILTER_MEMBERS)).map((a) => a.name),
        'filters of the document whose member is not named',
      ).toEqual([]);
      for (const atom of atoms.filter((a) => a.kind === 'filter' || a.kind === 'shape')) {
        if (atom.kind === 'shape') {
          parts.push({ name: `${atom.param}=fees`, query: { [atom.param]: 'fees' } });
          continue;
        }
        const member = EVENT_FILTER_MEMBERS[atom.param]!;
        values[atom.param] = telling(inMonth.map((e) => member(e, patents.get(e.patent.id))));
        if (values[atom.param] !== undefined)
          parts.push({
            name: `${atom.param}=${values[atom.param]}`,
            query: { [atom.param]: values[atom.param]! },
          });
      }
      const windowAtom = atoms.find((a): a is Extract<Atom, { kind: 'window' }> => a.kind === 'window')!;
      const shortcut = atoms.find((a) => a.kind === 'shortcut')!;
      const range: Combination = {
        name: `${windowAtom.params[0]}=${first}..${last}`,
        query: { [windowAtom.params[0]]: first, [windowAtom.params[1]]: last },
      };
      const whole: Combination = { name: `${shortcut.param}=${month}`, query: { [shortcut.param]: month! } };
      const filters = parts.filter((p) => !p.name.startsWith('include='));
      const requests: Combination[] = [
        range,
        whole,
        ...parts.flatMap((p) => [join(range, p), join(whole, p)]),
        ...pairsOf(parts).map(([a, b]) => join(range, a, b)),
      ];
      const sentAt = Date.now();
      const listed = await Promise.all(
        requests.map((c) => listAll<PatentEvent>(api, 'listEventsByPeriod', c)),
      );
      const writes = await portfolio.writesSince(sentAt);
      const byName = new Map(listed.map((l) => [l.name, l]));
      const cut = listed.filter((l) => !l.complete).map((l) => l.name);
      verifiedOnlyIf(cut.length === 0, 'data', `walks cut short after 5 pages: ${cut.join('; ')}`);
      const leftOut = (e: PatentEvent) =>
        writes.movedEvent(e, 'event-schedule', 'patent-members') ||
        (!patents.has(e.patent.id) && writes.movedTenant('patent-set'));
      const ids = (c: Combination) => idsOf(byName.get(c.name)!, leftOut);
      const problems: string[] = [];
      const compare = (rule: string, a: Combination, b: Combination | Set<string>, bName?: string) => {
        const right = b instanceof Set ? b : ids(b);
        for (const d of setDifferences(ids(a), right, a.name, bName ?? (b as Combination).name))
          problems.push(`${rule}: ${d}`);
      };
      // dueMonth is the window of its month, alone and with each other part.
      compare('PER-006', whole, range);
      for (const p of parts) compare('PER-006', join(whole, p), join(range, p));
      // A filter within the window lists a part of the window's events.
      for (const p of parts) {
        const outside = [...ids(join(range, p))].filter((id) => !ids(range).has(id));
        if (outside.length)
          problems.push(
            `PER-003: ${join(range, p).name} lists ${outside.length} event(s) the window does not: ${outside.slice(0, 5).join(', ')}`,
          );
      }
      // include adds a member and no event; two filters keep what each keeps.
      for (const [a, b] of pairsOf(parts)) {
        const both = join(range, a, b);
        if (a.name.startsWith('include=') || b.name.startsWith('include=')) {
          const filter = a.name.startsWith('include=') ? b : a;
          compare('PER-012', both, join(range, filter));
        } else
          compare(
            'filters',
            both,
            intersect(ids(join(range, a)), ids(join(range, b))),
            `${join(range, a).name} and ${join(range, b).name} together`,
          );
      }
      skipIf(
        filters.length < 2,
        'data',
        `fewer than two filters have a value in ${month} (${JSON.stringify(values)})`,
      );
      expect(
        problems,
        `${requests.length} combinations over ${month} (writes since: ${writes.describe()})`,
      ).toEqual([]);
    },
  );

  test(
    ...titled(
      '[PAT-017, PAT-020, PAT-021] providerId with each sort field lists the patent providerId lists alone',
    ),
    async ({ api, portfolio }) => {
      const atoms = queryAtoms('listPatents');
      expect(atoms.map((a) => a.kind).sort(), 'the parts of the patent list query').toEqual([
        'filter',
        'order',
      ]);
      const patent = (await portfolio.patents()).find(
        (p) => typeof p.providerId === 'string' && p.providerId !== '',
      );
      skipIf(patent === undefined, 'data', `no patent with a providerId in ${portfolio.label}`);
      const filter: Combination = {
        name: `providerId=${patent!.providerId}`,
        query: { providerId: patent!.providerId! },
      };
      const requests = [filter, ...sortValuesSent('listPatents').map((s) => join(filter, s))];
      const sentAt = Date.now();
      const listed = await Promise.all(requests.map((c) => listAll<Patent>(api, 'listPatents', c)));
      const writes = await portfolio.writesSince(sentAt);
      const leftOut = (p: Patent) => writes.movedPatent(p, 'patent-members');
      const alone = idsOf(listed[0]!, leftOut);
      const problems = listed
        .slice(1)
        .flatMap((l) => setDifferences(idsOf(l, leftOut), alone, l.name, filter.name));
      expect(problems, `writes since: ${writes.describe()}`).toEqual([]);
      verifiedOnlyIf(
        alone.size > 0,
        'data',
        `${filter.name} alone lists no patent the run's writes left as it was (${writes.describe()})`,
      );
    },
  );

  test(
    ...titled(
      '[INV-014, INV-016, INV-018] the issueDate and created windows combined with each other and with each sort field list what each part lists',
    ),
    async ({ api, portfolio }) => {
      const atoms = queryAtoms('listInvoices');
      const windows = atoms.filter((a): a is Extract<Atom, { kind: 'window' }> => a.kind === 'window');
      const all = await walkList<Invoice>(api, 'listInvoices', { maxPages: 5 });
      const issued = all.items
        .map((i) => i.issueDate)
        .filter((d): d is string => typeof d === 'string')
        .sort();
      const created = all.items.map((i) => i.createdAt.slice(0, 10)).sort();
      skipIf(issued.length < 2, 'data', `fewer than two invoices with an issueDate in ${portfolio.label}`);
      // Two windows that overlap in part: the earlier half of the issue dates, the later half of the days recorded.
      const bounds: Record<string, [string, string]> = {
        issueDate: [issued[0]!, issued[Math.floor(issued.length / 2)]!],
        created: [created[Math.floor(created.length / 3)]!, created.at(-1)!],
      };
      const parts: Combination[] = windows.map((w) => {
        const [from, to] = bounds[w.name] ?? [];
        expect(from, `a window for ${w.name} from the invoices`).toBeDefined();
        return { name: `${w.name} ${from}..${to}`, query: { [w.params[0]]: from!, [w.params[1]]: to! } };
      });
      const sorts = sortValuesSent('listInvoices');
      const requests = [
        ...parts,
        ...pairsOf(parts).map(([a, b]) => join(a, b)),
        ...parts.flatMap((p, i) => sorts.filter((_, j) => (i + j) % 2 === 0).map((s) => join(p, s))),
      ];
      const sentAt = Date.now();
      const listed = await Promise.all(requests.map((c) => listAll<Invoice>(api, 'listInvoices', c)));
      const writes: WritesSince = await portfolio.writesSince(sentAt);
      // An invoice the run's back-office requests added while the reads were under way may show in some only.
      const recent = Date.parse(all.pages[0]!.headers.date ?? '') || sentAt;
      const leftOut = (i: Invoice) =>
        writes.movedTenant('invoice-set') && Date.parse(i.createdAt) >= recent - 300_000;
      const byName = new Map(listed.map((l) => [l.name, l]));
      const ids = (c: Combination) => idsOf(byName.get(c.name)!, leftOut);
      const problems: string[] = [];
      for (const [a, b] of pairsOf(parts))
        problems.push(
          ...setDifferences(
            ids(join(a, b)),
            intersect(ids(a), ids(b)),
            join(a, b).name,
            `${a.name} and ${b.name} together`,
          ),
        );
      for (const l of listed.filter((l) => l.name.includes('sort='))) {
        const part = parts.find((p) => l.name.startsWith(`${p.name} & sort=`))!;
        problems.push(...setDifferences(ids({ name: l.name, query: {} }), ids(part), l.name, part.name));
      }
      expect(problems, `writes since: ${writes.describe()}`).toEqual([]);
    },
  );
});
