/**
 * Invoiced events chosen by the invoice that bills them, one for each kind of invoice the tenant holds: its
 * origin (GENERATED, IMPORTED, REGULARIZATION) and whether it has a `number` (Invoices: "null for IMPORTED
 * invoices"). A rule about invoiced events must hold for each kind: an implementation that serves the
 * invoice by its number, or looks for its lines among GENERATED invoices only, is right for the first event
 * it invoices and wrong for an IMPORTED one. Taking the snapshot's first invoiced event judges one kind only,
 * and which kind that is moves with the seed.
 */
import type { Invoice, PatentEvent } from '../../schemas/types';
import type { Portfolio } from '../data/discovery';

/** The kind of invoice a rule about invoiced events must be judged on. */
export const invoiceKind = (invoice: Invoice): string =>
  `${invoice.origin}, ${invoice.number === null ? 'no number' : 'numbered'}`;

/**
 * One INVOICED event of the snapshot for each kind of invoice that has a line for one (the kind named beside
 * it), kinds in a fixed order; none when no invoiced event of the snapshot has a line on an invoice read
 * (the caller says what it could not check: `nonEmpty`).
 */
export async function invoicedEventPerKind(
  portfolio: Portfolio,
  invoices: readonly Invoice[],
): Promise<{ kind: string; event: PatentEvent }[]> {
  portfolio.needs('invoiced');
  const invoiced = new Map((await portfolio.eventsIn('invoiced')).map((e) => [e.id, e]));
  const chosen = new Map<string, PatentEvent>();
  for (const invoice of invoices) {
    const kind = invoiceKind(invoice);
    if (chosen.has(kind)) continue;
    const event = invoice.fees
      .map((line) => (line.eventId === null ? undefined : invoiced.get(line.eventId)))
      .find((e) => e !== undefined);
    if (event) chosen.set(kind, event);
  }
  return [...chosen].sort(([a], [b]) => a.localeCompare(b)).map(([kind, event]) => ({ kind, event }));
}
