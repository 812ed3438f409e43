/**
 * Facts the contract fixes once they are reached, read from any answer that shows them (lists, single
 * reads, embedded copies, invoice lines): a run compares them with what earlier runs against the same
 * target saw (helpers/run/fact-ledger.ts), because drift over days cannot show within a run of seconds.
 *
 * - FEE-012, "LOCKED ... amounts fixed": the currency, total and components of an event's LOCKED fees;
 * - FEE-014, "INVOICED ... billed amounts returned": the amounts of an event's INVOICED fees on one invoice
 *   (the fees GET and the invoice's line for the event show the same fact): what was billed stays billed,
 *   a correction is a REGULARIZATION invoice of its own;
 * - INV-006, "stable unique display reference": an invoice's reference.
 * Executed instructions and receipt numbers are fixed too, but no route reads them again: not here.
 *
 * Amounts are compared as numbers (decimal.js): "1.50" and "1.5" are one amount.
 */
import Decimal from 'decimal.js';

export interface FixedFact {
  /** What the fact is about, unique across kinds: `locked-fees:<eventId>`. */
  key: string;
  requirement: 'FEE-012' | 'FEE-014' | 'INV-006';
  /** The fact in words, for a failure message. */
  what: string;
  /** The canonical value: two observations of the fact must be equal. */
  value: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function amount(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  try {
    return new Decimal(value).toFixed();
  } catch {
    return JSON.stringify(value);
  }
}

/** Currency, total and components (sorted by type, then amount), amounts as numbers. */
function amountsOf(fees: Json): string {
  const components = Array.isArray(fees.components) ? fees.components : [];
  const parts = components
    .map((c) => (isObject(c) ? `${String(c.type)} ${amount(c.amount)}` : JSON.stringify(c)))
    .sort();
  return `${String(fees.currency)} total ${amount(fees.total)}; ${parts.join(', ') || 'no components'}`;
}

function factsOfFees(fees: Json): FixedFact[] {
  const eventId = fees.eventId;
  if (typeof eventId !== 'string') return [];
  if (fees.feesStatus === 'LOCKED')
    return [
      {
        key: `locked-fees:${eventId}`,
        requirement: 'FEE-012',
        what: `the LOCKED fees of event ${eventId}`,
        value: amountsOf(fees),
      },
    ];
  if (fees.feesStatus === 'INVOICED' && typeof fees.invoiceId === 'string')
    return [
      {
        key: `invoiced-fees:${eventId}:${fees.invoiceId}`,
        requirement: 'FEE-014',
        what: `the billed amounts of event ${eventId} on invoice ${fees.invoiceId}`,
        value: amountsOf(fees),
      },
    ];
  return [];
}

function factsOfInvoice(invoice: Json): FixedFact[] {
  if (typeof invoice.id !== 'string' || typeof invoice.reference !== 'string') return [];
  return [
    {
      key: `invoice-reference:${invoice.id}`,
      requirement: 'INV-006',
      what: `the reference of invoice ${invoice.id}`,
      value: invoice.reference,
    },
  ];
}

/** Every fixed fact an answer's body shows, wherever the resource sits in it. */
export function fixedFactsOf(body: unknown): FixedFact[] {
  const facts: FixedFact[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isObject(value)) return;
    if (value.object === 'fees') facts.push(...factsOfFees(value));
    if (value.object === 'invoice') facts.push(...factsOfInvoice(value));
    Object.values(value).forEach(visit);
  };
  visit(body);
  // One fact shown twice in one answer is one observation.
  return [...new Map(facts.map((f) => [f.key, f])).values()];
}
