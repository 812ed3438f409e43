/**
 * Lookups shared by the routes: an event is found only through its own patent, in the caller's portfolio.
 */
import type { OperationRequest } from '../http';
import { faultIs } from '../behaviour';
import { notFound } from '../problems';
import type { EventRecord, PatentRecord } from '../store';
import { findEvent, findPatent } from '../store';

export function patentOf(req: OperationRequest): PatentRecord {
  const id = req.path.patentId as string;
  const patent = faultIs(req.ctx, 'foreign-patent-readable')
    ? req.ctx.store.patents.get(id) // looked up by id alone, whoever owns it
    : findPatent(req.ctx.store, req.caller.tenant, id);
  if (patent === undefined) throw notFound();
  return patent;
}

export function eventOf(req: OperationRequest): { patent: PatentRecord; event: EventRecord } {
  const patent = patentOf(req);
  // The path patent checked against the tenant, then the event loaded by its id alone, whoever owns it.
  const byIdAlone = faultIs(req.ctx, 'event-under-foreign-patent-path');
  const event = byIdAlone
    ? req.ctx.store.events.get(req.path.eventId as string)
    : findEvent(req.ctx.store, req.caller.tenant, req.path.eventId as string);
  if (faultIs(req.ctx, 'unknown-event-id-500')) {
    // The missing-event check forgotten: an unknown id fails on the undefined record (500).
    if (event!.patentId !== patent.id) throw notFound();
    return { patent, event: event! };
  }
  if (event === undefined) throw notFound();
  // The event looked up by its id alone: an event of another patent of the portfolio is served under this one.
  if (event.patentId !== patent.id && !faultIs(req.ctx, 'event-found-under-any-patent') && !byIdAlone)
    throw notFound();
  return { patent, event };
}
