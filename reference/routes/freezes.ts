/**
 * Exchange-rate freezes: contract endpoints 12 to 14.
 */
import { faultIs } from '../behaviour';
import { estimateFees } from '../domain/fees';
import { eventsDueInMonth, freezeMonth, frozenMonths, hasInstructionSnapshots } from '../domain/freezes';
import type { OperationHandler, OperationRequest } from '../http';
import { json } from '../http';
import { page, pageRequest } from '../pagination';
import { notFound, ProblemError } from '../problems';
import { freezeView } from '../views/freeze';

const listExchangeRateFreezes: OperationHandler = (req) => {
  const paging = pageRequest(req.query);
  // Only the limit wired into the query: every request reads the first page.
  if (faultIs(req.ctx, 'freeze-list-ignores-current-page')) paging.currentPage = 1;
  const months = frozenMonths(req.caller.tenant).filter(
    (m) => !faultIs(req.ctx, 'freezes-list-up-to-current-month') || m <= req.at.today.slice(0, 7),
  );
  const result = page(months, paging);
  // (fault) Housekeeping run by the list read: freezes of months already past are purged after the answer.
  if (faultIs(req.ctx, 'freeze-list-read-expires-past-months'))
    for (const month of [...req.caller.tenant.frozenMonths])
      if (month < req.at.today.slice(0, 7)) req.caller.tenant.frozenMonths.delete(month);
  return json(req.c, {
    pagination: result.pagination,
    data: result.data.map((yearMonth) => ({
      ...(faultIs(req.ctx, 'freezes-list-items-without-object') ? {} : { object: 'exchangeRateFreeze' }),
      yearMonth: faultIs(req.ctx, 'freezes-list-month-as-date') ? `${yearMonth}-01` : yearMonth,
    })),
  });
};

function monthView(req: OperationRequest, status = 200, eventsMonth?: string, preview = false): Response {
  const yearMonth = req.path.yearMonth as string;
  const events = eventsDueInMonth(req.ctx.store, req.caller.tenant, eventsMonth ?? yearMonth);
  return json(
    req.c,
    freezeView(req.ctx.store, req.caller.tenant, yearMonth, events, req.at.today, { preview }),
    status,
  );
}

/** A month that is not frozen still answers, with its events showing isFxRateFrozen false. */
const getExchangeRateFreeze: OperationHandler = (req) => {
  const unfrozen = !req.caller.tenant.frozenMonths.has(req.path.yearMonth as string);
  if (unfrozen && faultIs(req.ctx, 'freezes-unfrozen-month-not-found')) throw notFound();
  // The answer built by the PUT's service, which freezes the month it reads.
  if (unfrozen && faultIs(req.ctx, 'freeze-get-creates-freeze'))
    freezeMonth(req.caller.tenant, req.path.yearMonth as string);
  // (fault) The read written as a "what would be frozen" preview: rows from the live estimator, never frozen.
  if (faultIs(req.ctx, 'freeze-get-reports-unfrozen-potential-rows'))
    return monthView(req, 200, undefined, true);
  return monthView(req);
};

const putExchangeRateFreeze: OperationHandler = (req) => {
  const yearMonth = req.path.yearMonth as string;
  if (faultIs(req.ctx, 'freezes-put-not-idempotent') && req.caller.tenant.frozenMonths.has(yearMonth)) {
    throw new ProblemError('conflict', `The exchange rates of ${yearMonth} are already frozen.`);
  }
  // (fault) The month parsed as UTC midnight of its first day and formatted in a local zone west of UTC.
  if (faultIs(req.ctx, 'freezes-yearmonth-timezone-shift')) {
    const [year, month] = yearMonth.split('-').map(Number) as [number, number];
    const shifted = new Date(Date.UTC(year, month - 1, 1) - 3_600_000).toISOString().slice(0, 7);
    freezeMonth(req.caller.tenant, shifted);
    const events = eventsDueInMonth(req.ctx.store, req.caller.tenant, shifted);
    return json(req.c, freezeView(req.ctx.store, req.caller.tenant, shifted, events, req.at.today));
  }
  if (faultIs(req.ctx, 'freezes-put-answers-before-freezing')) {
    const answer = monthView(req);
    freezeMonth(req.caller.tenant, yearMonth);
    return answer;
  }
  const created = !req.caller.tenant.frozenMonths.has(yearMonth);
  freezeMonth(req.caller.tenant, yearMonth);
  // (fault) The PUT stores a snapshot of the month's events, which the reads of the month serve.
  if (faultIs(req.ctx, 'fx-has-instruction-frozen-snapshot'))
    for (const event of eventsDueInMonth(req.ctx.store, req.caller.tenant, yearMonth))
      hasInstructionSnapshots.set(event, event.instructionId !== null);
  // The month's events selected by due date alone, whichever tenant they belong to.
  if (faultIs(req.ctx, 'freeze-put-affects-other-tenants'))
    for (const tenant of req.ctx.store.tenants.values()) freezeMonth(tenant, yearMonth);
  // The fees of the month's events stored again at the frozen rate, fixed amounts included.
  if (faultIs(req.ctx, 'freeze-rewrites-locked-amounts'))
    for (const event of eventsDueInMonth(req.ctx.store, req.caller.tenant, yearMonth))
      if (event.lockedFees !== null) event.lockedFees = estimateFees(event, req.at.today);
  // The write answered past the RateLimit-* header layer, which only the reads go through.
  if (faultIs(req.ctx, 'freeze-put-without-rate-limit-headers')) req.c.set('rateLimitHeaders', {});
  // A PUT that creates the freeze answered as a creation.
  if (faultIs(req.ctx, 'freeze-put-201-on-create') && created) {
    const answer = monthView(req, 201);
    answer.headers.set('Location', req.c.req.path);
    return answer;
  }
  // (fault) The month's first day built with Date.UTC(year, month, 1), the 1-based month read as 0-based.
  if (faultIs(req.ctx, 'freeze-put-month-index-off-by-one')) {
    const [year, month] = yearMonth.split('-').map(Number) as [number, number];
    return monthView(req, 200, new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7));
  }
  return monthView(req);
};

export const freezeHandlers: Record<string, OperationHandler> = {
  listExchangeRateFreezes,
  getExchangeRateFreeze,
  putExchangeRateFreeze,
};
