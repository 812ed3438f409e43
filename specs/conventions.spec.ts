/**
 * General conventions, checked on a sample of every resource kind the suite reads (patents, events, fees,
 * invoices, freezes): JSON bodies, `object` naming the type, stable UUIDs, `YYYY-MM-DD` dates, UTC timestamps,
 * decimal-string money, ISO 4217 currencies, plain-number rates, no null fee component; and path parameters
 * that are not UUIDs.
 * Contract: the introduction ("Bodies are JSON"); Resources and their fields, General conventions; Endpoints
 * ("path parameters that fail UUID ... validation return 400").
 *
 * The sample is read once per worker (about ten requests) with raw requests, so that these tests judge the
 * conventions themselves rather than through the response schemas.
 */
import { randomUUID } from 'node:crypto';
import {
  asObject,
  dataOf,
  DECIMAL_STRING,
  expect,
  isCalendarDate,
  isUtcTimestamp,
  type Json,
  membersOfFormat,
  operationById,
  type OperationId,
  type Read,
  skipIf,
  test,
  titled,
  UUID,
} from '../helpers/test';

// ------------------------------------------------------------------ the sample

const SAMPLED = 'the sample read from the primary tenant (API_KEY)';

/** Why a convention is not verified when the sample holds none of its values, naming what would carry them. */
function noneSampled(what: string, carriers: string): string {
  return `no ${what} in ${SAMPLED}: it has no ${carriers}`;
}

// ------------------------------------------------------------------ what each resource kind holds

/** Where the conventions apply in one resource kind; paths are dotted, `[]` walks an array. */
interface Kind {
  object: string;
  /** `object` may be absent (a nested shape whose members the contract lists without it); named when present. */
  objectOptional?: true;
  ids?: string[];
  dates?: string[];
  timestamps?: string[];
  money?: string[];
  currencies?: string[];
  rates?: string[];
  /** Fee component arrays. */
  components?: string[];
  /** Nested resources: path -> kind. */
  nested?: Record<string, Kind>;
}

const FEES: Kind = {
  object: 'fees',
  ids: ['invoiceId', 'eventId', 'patent.id', 'regularizedInvoiceId'],
  money: ['total', 'components[].amount'],
  currencies: ['currency'],
  components: ['components'],
};

const PATENT: Kind = {
  object: 'patent',
  ids: ['id'],
  dates: membersOfFormat('Patent', 'date'),
  timestamps: ['createdAt', 'updatedAt'],
};

const EVENT: Kind = {
  object: 'patentEvent',
  ids: ['id', 'patent.id'],
  dates: ['dueDate', 'gracePeriodEndDate', 'instructability.opensAt'],
  timestamps: ['processingStatusUpdatedAt', 'createdAt', 'updatedAt'],
  nested: { fees: FEES },
};

const INVOICE: Kind = {
  object: 'invoice',
  ids: ['id'],
  dates: ['issueDate'],
  timestamps: ['createdAt'],
  money: ['subtotalExcludingTax', 'totalIncludingTax'],
  currencies: ['currency'],
  rates: ['vatRate'],
  nested: { 'fees[]': FEES },
};

const FROZEN_RATE_EVENT: Kind = {
  object: 'frozenRateEvent',
  // Its members are listed without `object` (schemas/OPEN-POINTS.md E2).
  objectOptional: true,
  dates: ['dueDate'],
  money: ['amount'],
  currencies: ['currency'],
};

const FREEZE_LIST_ITEM: Kind = { object: 'exchangeRateFreeze' };

const FREEZE: Kind = { object: 'exchangeRateFreeze', nested: { 'events[]': FROZEN_RATE_EVENT } };

/** Where the resources sit in the body of each sampled operation. */
const BODY_RESOURCES: Partial<Record<OperationId, { path: string; kind: Kind }>> = {
  listPatents: { path: 'data[]', kind: PATENT },
  getPatent: { path: '', kind: PATENT },
  listEventsByPeriod: { path: 'data[]', kind: EVENT },
  listPatentEvents: { path: 'data[]', kind: EVENT },
  getPatentEvent: { path: '', kind: EVENT },
  getEventFees: { path: '', kind: FEES },
  listInvoices: { path: 'data[]', kind: INVOICE },
  getInvoice: { path: '', kind: INVOICE },
  listExchangeRateFreezes: { path: 'data[]', kind: FREEZE_LIST_ITEM },
  getExchangeRateFreeze: { path: '', kind: FREEZE },
};

interface Found {
  /** Where the value sits, e.g. `listInvoices data[2].fees[0].total`. */
  at: string;
  value: unknown;
}

/** The values at a dotted path; an absent member yields nothing (presence is the schemas' business). */
function valuesAt(root: Found, path: string): Found[] {
  let current: Found[] = [root];
  for (const token of path.split('.').filter((t) => t !== '')) {
    const each = token.endsWith('[]');
    const name = each ? token.slice(0, -2) : token;
    const next: Found[] = [];
    for (const found of current) {
      const object = asObject(found.value);
      if (!(name in object)) continue;
      const value = object[name];
      const at = `${found.at}${found.at.endsWith(' ') ? '' : '.'}${name}`;
      if (!each) next.push({ at, value });
      else if (Array.isArray(value))
        value.forEach((item: unknown, i) => next.push({ at: `${at}[${i}]`, value: item }));
      else next.push({ at, value }); // not an array where one is due: kept, so that the check reports it
    }
    current = next;
  }
  return current;
}

interface Resource {
  at: string;
  value: unknown;
  kind: Kind;
}

function resourcesOf(reads: Read[]): Resource[] {
  const out: Resource[] = [];
  const visit = (found: Found, kind: Kind) => {
    out.push({ at: found.at, value: found.value, kind });
    for (const [path, nested] of Object.entries(kind.nested ?? {}))
      for (const inner of valuesAt(found, path)) visit(inner, nested);
  };
  for (const read of reads) {
    const where = BODY_RESOURCES[read.operationId];
    if (!where) continue;
    for (const found of valuesAt({ at: `${read.operationId} `, value: read.body }, where.path))
      visit(found, where.kind);
  }
  return out;
}

/** Every non-null value of the given member paths of every resource, with the check's verdict. */
function violations(
  resources: Resource[],
  members: (kind: Kind) => string[] | undefined,
  valid: (value: unknown) => boolean,
): string[] {
  const out: string[] = [];
  for (const resource of resources)
    for (const path of members(resource.kind) ?? [])
      for (const found of valuesAt(resource, path))
        if (found.value !== null && !valid(found.value))
          out.push(`${found.at} = ${JSON.stringify(found.value)}`);
  return out;
}

function checked(resources: Resource[], members: (kind: Kind) => string[] | undefined): number {
  return resources.reduce(
    (n, r) => n + (members(r.kind) ?? []).reduce((m, path) => m + valuesAt(r, path).length, 0),
    0,
  );
}

// ------------------------------------------------------------------ the formats

/** The member lists of a resource kind that a format applies to. */
type Members = 'ids' | 'dates' | 'timestamps' | 'money' | 'currencies' | 'rates' | 'components';

/** Each format, the members it applies to, and why it is not verified when the sample holds none of them. */
const FORMATS: {
  id: string;
  title: string;
  members: Members;
  valid: (v: unknown) => boolean;
  none: string;
}[] = [
  {
    id: 'CONV-003',
    title: 'every identifier that is not null is a UUID',
    members: 'ids',
    valid: (v) => typeof v === 'string' && UUID.test(v),
    none: noneSampled('identifier', 'patent, event or invoice'),
  },
  {
    id: 'CONV-005',
    title: 'every date that is not null is a calendar-valid YYYY-MM-DD string',
    members: 'dates',
    valid: isCalendarDate,
    none: noneSampled('date', 'patent, event, invoice or frozen-rate event'),
  },
  {
    id: 'CONV-006',
    title: 'every timestamp that is not null is an RFC 3339 date-time in UTC',
    members: 'timestamps',
    valid: isUtcTimestamp,
    none: noneSampled('timestamp', 'patent, event or invoice'),
  },
  {
    id: 'CONV-007',
    title: 'every money amount that is not null is a decimal string, never a JSON number',
    members: 'money',
    valid: (v) => typeof v === 'string' && DECIMAL_STRING.test(v),
    none: noneSampled('money amount', 'event with fees, invoice or frozen-rate event'),
  },
  {
    id: 'CONV-008',
    title: 'every currency is a three-letter ISO 4217 code',
    members: 'currencies',
    valid: (v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v),
    none: noneSampled('currency', 'event with fees, invoice or frozen-rate event'),
  },
  {
    id: 'CONV-009',
    title: 'vatRate is a plain number expressed as a fraction (0.2 for 20%)',
    members: 'rates',
    valid: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1,
    none: 'the primary tenant (API_KEY) has no invoice',
  },
  {
    id: 'CONV-010',
    title: 'a fee component list never holds null, nor a component with a null type or amount',
    members: 'components',
    valid: (v) =>
      Array.isArray(v) &&
      v.every((c) => {
        const component = asObject(c);
        return c !== null && component.type != null && component.amount != null;
      }),
    none: noneSampled('fee breakdown', 'event with fees or invoice'),
  },
];

// ------------------------------------------------------------------ the tests

test.describe('conventions', () => {
  // One worker reads the sample once for every test of the group (request budget); the tests stay independent.
  test.describe.configure({ mode: 'default' });

  test(
    ...titled('[CONV-001] 2xx answers of the read operations are application/json'),
    async ({ api, conventionsSample }) => {
      const { reads } = await conventionsSample(api);
      const wrong = reads
        .filter((r) => r.response.mediaType !== 'application/json')
        .map(
          (r) => `${r.response.describe()}: content-type ${r.response.header('content-type') ?? '(absent)'}`,
        );
      expect(wrong, 'every 2xx JSON body is served as application/json').toEqual([]);
    },
  );

  test(
    ...titled('[CONV-002] every patent, event, fees, invoice and freeze carries object naming its type'),
    async ({ api, conventionsSample }) => {
      const { reads, omitted } = await conventionsSample(api);
      for (const description of omitted) test.info().annotations.push({ type: 'observation', description });
      const resources = resourcesOf(reads);
      skipIf(resources.length === 0, 'data', noneSampled('resource', 'patent, event, invoice or freeze'));
      const wrong = resources
        .filter(
          (r) =>
            asObject(r.value).object !== r.kind.object &&
            !(r.kind.objectOptional && asObject(r.value).object === undefined),
        )
        .map(
          (r) => `${r.at}.object = ${JSON.stringify(asObject(r.value).object)}, expected "${r.kind.object}"`,
        );
      expect(wrong).toEqual([]);
    },
  );

  for (const { id, title, members, valid, none } of FORMATS) {
    test(...titled(`[${id}] ${title}`), async ({ api, conventionsSample }) => {
      const resources = resourcesOf((await conventionsSample(api)).reads);
      const paths = (kind: Kind) => kind[members];
      skipIf(checked(resources, paths) === 0, 'data', none);
      expect(violations(resources, paths, valid)).toEqual([]);
    });
  }

  test(
    ...titled('[CONV-004] a patent read through the list and by id has the same id and immutable fields'),
    async ({ api, conventionsSample }) => {
      const { reads } = await conventionsSample(api);
      const single = asObject(reads.find((r) => r.operationId === 'getPatent')?.body);
      skipIf(single.id === undefined, 'data', 'the primary tenant (API_KEY) has no patent with an event');
      const listed = dataOf(reads.find((r) => r.operationId === 'listPatents')?.body).find(
        (p) => p.id === single.id,
      );
      expect(listed, `patent ${String(single.id)} read by id is in the list it was taken from`).toBeDefined();
      const immutable = ['object', 'id', 'createdAt', 'officialNumbers'];
      expect(pick(single, immutable)).toEqual(pick(listed!, immutable));
    },
  );

  test(
    ...titled(
      "[CONV-004] an event read through its patent's list and by id has the same id and immutable fields",
    ),
    async ({ api, conventionsSample }) => {
      const { reads } = await conventionsSample(api);
      const single = asObject(reads.find((r) => r.operationId === 'getPatentEvent')?.body);
      skipIf(single.id === undefined, 'data', 'the primary tenant (API_KEY) has no event');
      const listed = dataOf(reads.find((r) => r.operationId === 'listPatentEvents')?.body).find(
        (e) => e.id === single.id,
      );
      expect(listed, `event ${String(single.id)} read by id is in the list it was taken from`).toBeDefined();
      const immutable = (e: Json) => ({
        ...pick(e, ['object', 'id', 'eventType', 'createdAt']),
        patentId: asObject(e.patent).id,
      });
      expect(immutable(single)).toEqual(immutable(listed!));
    },
  );

  test(
    ...titled('[CONV-004] an invoice read through the list and by id has the same id and immutable fields'),
    async ({ api, conventionsSample }) => {
      const { reads } = await conventionsSample(api);
      const single = asObject(reads.find((r) => r.operationId === 'getInvoice')?.body);
      skipIf(single.id === undefined, 'data', 'the primary tenant (API_KEY) has no invoice');
      const listed = dataOf(reads.find((r) => r.operationId === 'listInvoices')?.body).find(
        (i) => i.id === single.id,
      );
      expect(
        listed,
        `invoice ${String(single.id)} read by id is in the list it was taken from`,
      ).toBeDefined();
      const immutable = [
        'object',
        'id',
        'reference',
        'number',
        'issueDate',
        'origin',
        'currency',
        'subtotalExcludingTax',
        'totalIncludingTax',
        'createdAt',
      ];
      expect(pick(single, immutable)).toEqual(pick(listed!, immutable));
    },
  );

  /** Path parameters that are not UUIDs, each sent once (the other parameters are ids of the tenant). */
  const NOT_UUIDS = [
    'not-a-uuid',
    'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
    '3f2b8c1e-9d4a-4e7b-8c2f-1a5d6e7f8a9',
  ];
  const BAD_PATH_CASES: { operationId: OperationId; bad: string }[] = [
    { operationId: 'getPatent', bad: 'patentId' },
    { operationId: 'listPatentEvents', bad: 'patentId' },
    { operationId: 'getPatentEvent', bad: 'eventId' },
    { operationId: 'getEventFees', bad: 'patentId' },
    { operationId: 'getSyncBatch', bad: 'importId' },
    { operationId: 'getInvoice', bad: 'invoiceId' },
    { operationId: 'getInstructionReceiptDocument', bad: 'eventId' },
    { operationId: 'getOfficialReceiptDocument', bad: 'patentId' },
    { operationId: 'getInvoiceDocument', bad: 'eventId' },
  ];
  BAD_PATH_CASES.forEach(({ operationId, bad }, i) => {
    const value = NOT_UUIDS[i % NOT_UUIDS.length]!;

    test(
      ...titled(`[CONV-011] ${operationId} with ${bad} "${value}" gets 400 validation_failed`),
      async ({ api, conventionsSample, sharedAnswer }) => {
        const send = async () => {
          const { patentId, eventId } = await conventionsSample(api);
          const path: Record<string, string> = {
            patentId,
            eventId,
            importId: randomUUID(),
            invoiceId: randomUUID(),
          };
          path[bad] = value;
          const needed = Object.fromEntries(operationById(operationId).pathParams.map((p) => [p, path[p]!]));
          return api.call(operationId, { path: needed });
        };
        // The one case the problems spec checks too (getPatent with not-a-uuid) is made once per run.
        const response =
          operationId === 'getPatent' && value === 'not-a-uuid'
            ? await sharedAnswer('malformedPatentId')
            : await send();
        expect(response).toBeProblem({ status: 400, code: 'validation_failed' });
      },
    );
  });
});

function pick(object: Json, members: string[]): Json {
  return Object.fromEntries(members.filter((m) => m in object).map((m) => [m, object[m]]));
}
