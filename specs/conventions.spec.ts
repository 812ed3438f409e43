/**
 * General conventions, judged by the registry on a sample of every resource kind the suite reads (patents,
 * events, fees, invoices, freezes): JSON bodies, `object` naming the type, UUIDs, `YYYY-MM-DD` dates, UTC
 * timestamps, decimal-string money, ISO 4217 currencies, plain-number rates, no null fee component; the same
 * resource read twice; and path parameters that are not UUIDs.
 * Contract: the introduction ("Bodies are JSON"); Resources and their fields, General conventions; Endpoints
 * ("path parameters that fail UUID ... validation return 400").
 *
 * The sample is read once per worker and target (about ten requests).
 */
import { randomUUID } from 'node:crypto';
import {
  asObject,
  dataOf,
  expect,
  expectRuleHolds,
  type Json,
  operationById,
  type OperationId,
  skipIf,
  test,
  titled,
} from '../helpers/test';

/**
 * The conventions one answer decides, each with the title its test keeps. The rules themselves are the
 * registry's, stated once in helpers/rules/conventions.ts (where dates, timestamps, money and `object` sit is
 * derived from schemas/openapi.yaml; ids, currencies, rates and fee components are judged by member): a test here reads the sample and confirms the rule judged it.
 */
const CONVENTIONS: { id: string; title: string }[] = [
  { id: 'CONV-001', title: '2xx answers of the read operations are application/json' },
  { id: 'CONV-002', title: 'every patent, event, fees, invoice and freeze carries object naming its type' },
  { id: 'CONV-003', title: 'every identifier that is not null is a UUID' },
  { id: 'CONV-005', title: 'every date that is not null is a calendar-valid YYYY-MM-DD string' },
  { id: 'CONV-006', title: 'every timestamp that is not null is an RFC 3339 date-time in UTC' },
  { id: 'CONV-007', title: 'every money amount that is not null is a decimal string, never a JSON number' },
  { id: 'CONV-008', title: 'every currency is a three-letter ISO 4217 code' },
  { id: 'CONV-009', title: 'vatRate is a plain number expressed as a fraction (0.2 for 20%)' },
  {
    id: 'CONV-010',
    title: 'a fee component list never holds null, nor a component with a null type or amount',
  },
];

// ------------------------------------------------------------------ the tests

test.describe('conventions', () => {
  // One worker reads the sample once for every test of the group (request budget); the tests stay independent.
  test.describe.configure({ mode: 'default' });

  for (const { id, title } of CONVENTIONS) {
    test(...titled(`[${id}] ${title}`), async ({ api, conventionsSample }) => {
      const { reads, omitted } = await conventionsSample(api);
      for (const description of omitted) test.info().annotations.push({ type: 'observation', description });
      expectRuleHolds(id, ...reads.map((r) => r.response));
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
        expectRuleHolds('CONV-011', response);
      },
    );
  });
});

function pick(object: Json, members: string[]): Json {
  return Object.fromEntries(members.filter((m) => m in object).map((m) => [m, object[m]]));
}
