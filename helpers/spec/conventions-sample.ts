/**
 * The sample the conventions spec judges: about ten reads of every resource kind of the primary tenant
 * (patents, events, fees, invoices, freezes), each judged by the registry as it arrives (the schema one judge
 * among the others). Held by the fixture `conventionsSample`, read once per run and target in the first test
 * that needs it, in whichever worker (its answers shared through the run folder).
 */
import { randomUUID } from 'node:crypto';
import type { ApiClient, ApiResponse, Query } from '../wire/api-client';
import type { OperationId } from '../contract/contract';
import { WIDE_WINDOW } from '../data/discovery';
import { RENEWAL } from '../contract/event-rules';
import { workerRead } from './worker-read';
import { sharedResponses } from '../data/shared-sweeps';

export interface Read {
  operationId: OperationId;
  response: ApiResponse;
  body: unknown;
}

export interface Sample {
  reads: Read[];
  /** Parts of the sample left out, and why (a tenant without a capability). */
  omitted: string[];
  /** Ids of the tenant, for the path-parameter tests. */
  patentId: string;
  eventId: string;
}

export type Json = Record<string, unknown>;

export function asObject(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

export function dataOf(body: unknown): Json[] {
  const data = asObject(body).data;
  return Array.isArray(data) ? data.map(asObject) : [];
}

/**
 * The sample's answers, each through the client's checks (the registry judges every one as it arrives). Three
 * chains of reads that depend on nothing of each other go together (patents and events, invoices, freezes),
 * and within a chain the reads that need only the same earlier answer: three round trips instead of ten. The
 * answers keep the order of the reads as listed.
 */
async function readAnswers(api: ApiClient): Promise<ApiResponse[]> {
  const answers: ApiResponse[] = [];
  const read = async (
    slot: number,
    operationId: OperationId,
    options: { path?: Record<string, string>; query?: Query; forbiddenAllowed?: boolean } = {},
  ): Promise<unknown> => {
    const response = await api.call(operationId, { path: options.path, query: options.query });
    answers[slot] = response;
    // Authentication 7: 403 forbidden is a business denial, e.g. the freeze capability not enabled.
    if (options.forbiddenAllowed && forbidden(response)) return undefined;
    if (response.status !== 200) {
      throw new Error(`sample read: ${response.describe()} (expected 200): ${response.text.slice(0, 300)}`);
    }
    return response.json();
  };

  const patentsAndEvents = async () => {
    const [patentList, periodList] = await Promise.all([
      read(0, 'listPatents', { query: { itemsPerPage: 100 } }),
      read(1, 'listEventsByPeriod', { query: { ...WIDE_WINDOW, include: 'fees', itemsPerPage: 100 } }),
    ]);
    const patents = dataOf(patentList);
    // A patent of the list that has events, so that every by-id read answers 200.
    const withEvents = new Set(dataOf(periodList).map((e) => String(asObject(e.patent).id)));
    const patent = patents.find((p) => withEvents.has(String(p.id))) ?? patents[0];
    if (!patent) return;
    const patentId = String(patent.id);
    const [, events] = await Promise.all([
      read(2, 'getPatent', { path: { patentId } }),
      read(3, 'listPatentEvents', { path: { patentId }, query: { itemsPerPage: 100 } }),
    ]);
    const event = dataOf(events).find((e) => e.eventType === RENEWAL);
    if (!event) return;
    const eventId = String(event.id);
    await Promise.all([
      read(4, 'getPatentEvent', { path: { patentId, eventId } }),
      read(5, 'getEventFees', { path: { patentId, eventId } }),
    ]);
  };
  const invoices = async () => {
    const invoice = dataOf(await read(6, 'listInvoices', { query: { itemsPerPage: 100 } }))[0];
    if (invoice) await read(7, 'getInvoice', { path: { invoiceId: String(invoice.id) } });
  };
  const freezes = async () => {
    const list = await read(8, 'listExchangeRateFreezes', {
      query: { itemsPerPage: 100 },
      forbiddenAllowed: true,
    });
    const freeze = dataOf(list)[0];
    if (freeze) await read(9, 'getExchangeRateFreeze', { path: { yearMonth: String(freeze.yearMonth) } });
  };
  await Promise.all([patentsAndEvents(), invoices(), freezes()]);
  return answers.filter((answer) => answer !== undefined);
}

/** The sample its answers make: the reads that answered 200, what a 403 forbidden left out, the ids read. */
function sampleOf(answers: ApiResponse[]): Sample {
  const reads = answers
    .filter((response) => response.status === 200)
    .map((response) => ({ operationId: response.operationId!, response, body: response.json() }));
  const omitted = answers
    .filter(forbidden)
    .map((r) => `${r.operationId}: 403 forbidden (the capability is not enabled for the primary tenant)`);
  const eventRead = reads.find((r) => r.operationId === 'getPatentEvent');
  const patentRead = reads.find((r) => r.operationId === 'getPatent');
  const event = eventRead ? asObject(eventRead.body) : undefined;
  return {
    reads,
    omitted,
    patentId: patentRead ? String(asObject(patentRead.body).id) : randomUUID(),
    eventId: event ? String(event.id) : randomUUID(),
  };
}

const forbidden = (response: ApiResponse) => response.status === 403 && problemCode(response) === 'forbidden';

function problemCode(response: ApiResponse): unknown {
  return response.isJson ? asObject(response.json()).code : undefined;
}

// Read once for the run, whichever worker asks first: a test in any worker judges the answers again.
export const conventionsSampleTest = workerRead('conventionsSample', async (api: ApiClient) =>
  sampleOf(await sharedResponses(api.baseUrl, 'conventions-sample', () => readAnswers(api))),
);
