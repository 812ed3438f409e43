/**
 * Provider states: back-office actions the contract does not expose, so that a suite can drive states that
 * only the service operators cause. Not part of the contract; the reference enables them at
 * `POST /__provider-states/{name}` with the tenant's x-api-key (any key of the tenant) and a JSON body.
 * Answers are plain JSON: 200 with what was done, 4xx with `{ error }`.
 */
import type { Hono } from 'hono';
import { PROVIDER_STATES_PATH } from '../schemas/provider-states';
import { tenantOfKey, API_KEY_HEADER } from './auth';
import type { ServerContext } from './context';
import { currentMoment } from './context';
import { DomainRuleError, issueOfficialReceipt } from './domain/instructions';
import { reviseOfficeFee } from './domain/fees';
import { invoiceEvents } from './domain/invoices';
import { ReviewError, resultOutcome, reviewChange } from './domain/sync-review';
import type { AppEnv } from './http';
import { json } from './http';
import type { Tenant } from './store';
import { findEvent, findSyncBatch } from './store';

/** The X-Request-Id a tenant's `fail-next-requests` failures are kept for, when the state names one. */
const failingRequestId = new WeakMap<Tenant, string>();

/** Whether a request of the tenant carrying `requestId` is one the `fail-next-requests` state makes fail. */
export function failsNext(tenant: Tenant, requestId: string): boolean {
  const only = failingRequestId.get(tenant);
  return tenant.failNextRequests > 0 && (only === undefined || only === requestId);
}

/** The failure the `fail-next-requests` state injects: to the error handler, an exception like any other. */
export class InjectedFailureError extends Error {
  override name = 'InjectedFailureError';
}

class StateError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Body = Record<string, unknown>;
type StateHandler = (ctx: ServerContext, tenant: Tenant, body: Body) => Record<string, unknown>;

function uuidField(body: Body, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw new StateError(400, `${name} (string) is required`);
  return value;
}

function eventField(ctx: ServerContext, tenant: Tenant, body: Body) {
  const event = findEvent(ctx.store, tenant, uuidField(body, 'eventId'));
  if (event === undefined) throw new StateError(404, 'no such event in the tenant');
  return event;
}

const STATES: Record<string, StateHandler> = {
  /** LOCKED -> INVOICED: a GENERATED invoice with one line for the event; the invoice document exists. */
  'event-invoiced': (ctx, tenant, body) => {
    const event = eventField(ctx, tenant, body);
    const invoice = invoiceEvents(ctx, tenant, [event], 'GENERATED', currentMoment(ctx));
    return {
      eventId: event.id,
      invoiceId: invoice.id,
      reference: invoice.reference,
      feesStatus: event.feesStatus,
    };
  },
  /** The office's receipt of an event whose PROCEED was executed. */
  'official-receipt-issued': (ctx, tenant, body) => {
    const event = eventField(ctx, tenant, body);
    issueOfficialReceipt(ctx, tenant, event, currentMoment(ctx));
    return { eventId: event.id, reference: event.officialReceipt?.reference ?? null };
  },
  /** The office revises its fee for the event: its estimate moves, locked or invoiced amounts stay. */
  'office-fee-revised': (ctx, tenant, body) => {
    const event = eventField(ctx, tenant, body);
    reviseOfficeFee(event);
    return { eventId: event.id, feesStatus: event.feesStatus };
  },
  /** Review of a staged sync item (by batch and 0-based position in the POST body). */
  'sync-item-reviewed': (ctx, tenant, body) => {
    const batch = findSyncBatch(ctx.store, tenant, uuidField(body, 'importId'));
    if (batch === undefined) throw new StateError(404, 'no such sync batch in the tenant');
    const index = body.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) {
      throw new StateError(400, 'index (integer >= 0) is required');
    }
    const changeId = batch.results[index];
    const change = changeId === undefined ? undefined : ctx.store.changeRequests.get(changeId);
    if (change === undefined) throw new StateError(404, 'no processed item at this index');
    const decision = body.decision;
    if (decision !== 'accept' && decision !== 'refuse')
      throw new StateError(400, "decision must be 'accept' or 'refuse'");
    const reason = body.reason;
    if (reason !== undefined && typeof reason !== 'string')
      throw new StateError(400, 'reason must be a string');
    reviewChange(ctx, tenant, change, decision, reason, currentMoment(ctx));
    return { importId: batch.id, index, ...resultOutcome(change), servicePatentId: change.patentId };
  },
  /**
   * The next `count` API requests of the tenant answer 500 internal_error (to test client retries); with
   * `requestId`, only requests carrying that X-Request-Id, so that other requests of the tenant sent meanwhile
   * (tests running in parallel) are not the ones that fail.
   */
  'fail-next-requests': (_ctx, tenant, body) => {
    const count = body.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
      throw new StateError(400, 'count (integer >= 0) is required');
    }
    const requestId = body.requestId;
    if (requestId !== undefined && (typeof requestId !== 'string' || requestId === ''))
      throw new StateError(400, 'requestId must be a non-empty string');
    tenant.failNextRequests = count;
    if (requestId === undefined) failingRequestId.delete(tenant);
    else failingRequestId.set(tenant, requestId);
    return { failNextRequests: count, ...(requestId === undefined ? {} : { requestId }) };
  },
};

/** The provider states the reference serves (the catalogue test tells them from fault names in OPEN-POINTS). */
export const PROVIDER_STATE_NAMES = Object.keys(STATES);

export function registerProviderStates(app: Hono<AppEnv>, ctx: ServerContext): void {
  app.post(`${PROVIDER_STATES_PATH}/:name`, async (c) => {
    const name = c.req.param('name');
    const handler = STATES[name];
    if (handler === undefined) return json(c, { error: `unknown provider state: ${name}` }, 404);
    const tenant = tenantOfKey(ctx, c.req.header(API_KEY_HEADER));
    if (tenant === undefined) return json(c, { error: 'a valid x-api-key identifies the tenant' }, 401);
    let body: unknown;
    try {
      const text = await c.req.text();
      body = text === '' ? {} : JSON.parse(text);
    } catch {
      return json(c, { error: 'the body must be JSON' }, 400);
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return json(c, { error: 'the body must be a JSON object' }, 400);
    }
    try {
      return json(c, { state: name, ...handler(ctx, tenant, body as Body) });
    } catch (error) {
      if (error instanceof StateError) return json(c, { error: error.message }, error.status);
      if (error instanceof DomainRuleError || error instanceof ReviewError)
        return json(c, { error: error.message }, 409);
      throw error;
    }
  });
}
