/**
 * Invoicing: billing LOCKED events (GENERATED or IMPORTED invoices), correcting earlier invoices
 * (REGULARIZATION lines), and the invoice totals. Amounts are decimal.js sums, VAT rounded half-up.
 */
import Decimal from 'decimal.js';
import type { Moment, ServerContext } from '../context';
import type {
  EventRecord,
  FeeAmounts,
  FeeComponent,
  InvoiceLine,
  InvoiceOrigin,
  InvoiceRecord,
  RegularizationReason,
  Tenant,
} from '../store';
import { faultIs, variantIs } from '../behaviour';
import { money, totalOf } from './fees';
import { DomainRuleError } from './instructions';

/** VAT of the service's invoices: 20% on EUR invoices, none on foreign-currency ones. */
function vatRateFor(currency: string): number {
  return currency === 'EUR' ? 0.2 : 0;
}

export function subtotalOf(invoice: InvoiceRecord): string {
  return money(invoice.lines.reduce((sum, line) => sum.plus(totalOf(line.fees.components)), new Decimal(0)));
}

export function totalIncludingTaxOf(invoice: InvoiceRecord): string {
  const rate = new Decimal(invoice.vatRate ?? 0);
  return money(new Decimal(subtotalOf(invoice)).times(rate.plus(1)));
}

function nextInvoiceNumber(tenant: Tenant, issueDate: string): string {
  tenant.lastInvoiceNumber += 1;
  return `${issueDate.slice(0, 4)}-${String(tenant.lastInvoiceNumber).padStart(6, '0')}`;
}

function newInvoice(
  ctx: ServerContext,
  tenant: Tenant,
  origin: InvoiceOrigin,
  currency: string,
  issueDate: string,
  at: Moment,
): InvoiceRecord {
  const id = ctx.random.uuid();
  // IMPORTED invoices were numbered elsewhere: they carry only their own display reference.
  // (variant) Regularizations are not drawn from the sequence either: number null, a reference of their own.
  const unnumbered = origin === 'REGULARIZATION' && variantIs(ctx, 'regularization-invoices-unnumbered');
  const numbered = (origin !== 'IMPORTED' || faultIs(ctx, 'invoices-imported-numbered')) && !unnumbered;
  const number = numbered ? nextInvoiceNumber(tenant, issueDate) : null;
  const reference =
    origin === 'IMPORTED'
      ? `IMP-${id.slice(0, 8).toUpperCase()}`
      : unnumbered
        ? `REG-${id.slice(0, 8).toUpperCase()}`
        : `${origin === 'GENERATED' ? 'INV' : 'REG'}-${number}`;
  return {
    id,
    tenantId: tenant.id,
    reference: faultIs(ctx, 'invoices-reference-from-number') ? (number ?? '') : reference,
    // (fault) The import tool fills number from the legacy reference so that the column is not empty.
    number: faultIs(ctx, 'invoice-number-filled-for-imported') && origin === 'IMPORTED' ? reference : number,
    issueDate,
    origin,
    ipRightType: 'PATENT',
    currency,
    vatRate: vatRateFor(currency),
    vatNumber: currency === 'EUR' ? tenant.vatNumber : null,
    hasPdfDocument: true,
    // (variant) Only GENERATED invoices get the spreadsheet.
    hasXlsxDocument:
      origin !== 'IMPORTED' &&
      !(origin === 'REGULARIZATION' && variantIs(ctx, 'invoice-xlsx-generated-only')),
    lines: [],
    createdAt:
      faultIs(ctx, 'invoices-imported-created-at-as-issue-date') && origin === 'IMPORTED'
        ? issueDate
        : at.now.toISOString(),
  };
}

/**
 * LOCKED -> INVOICED for each event: one line per event with the locked amounts.
 * `issueDate` defaults to the day of recording; an IMPORTED invoice may be backdated.
 */
export function invoiceEvents(
  ctx: ServerContext,
  tenant: Tenant,
  events: EventRecord[],
  origin: 'GENERATED' | 'IMPORTED',
  at: Moment,
  issueDate: string = at.today,
): InvoiceRecord {
  if (events.length === 0) throw new DomainRuleError('an invoice needs at least one event');
  const currency = events[0]?.lockedFees?.currency;
  for (const event of events) {
    if (event.tenantId !== tenant.id) throw new DomainRuleError('event of another tenant');
    if (event.feesStatus !== 'LOCKED' || event.lockedFees === null) {
      throw new DomainRuleError(`event ${event.id} is ${event.feesStatus}, not LOCKED`);
    }
    if (event.lockedFees.currency !== currency) throw new DomainRuleError('one currency per invoice');
  }
  const invoice = newInvoice(ctx, tenant, origin, currency as string, issueDate, at);
  for (const event of events) {
    const fees = event.lockedFees as FeeAmounts;
    invoice.lines.push({
      eventId: event.id,
      patentId: event.patentId,
      fees: { currency: fees.currency, components: fees.components.map((c) => ({ ...c })) },
      regularizedInvoiceId: null,
      regularizationReason: null,
    });
    event.feesStatus = 'INVOICED';
    event.invoiceId = invoice.id;
    event.updatedAt = at.now.toISOString();
  }
  ctx.store.invoices.set(invoice.id, invoice);
  return invoice;
}

/** The correction a REGULARIZATION line carries, relative to the original line. */
function correction(original: FeeComponent[], reason: RegularizationReason): FeeComponent[] {
  switch (reason) {
    case 'NOT_PAYABLE':
      // Everything invoiced is credited back.
      return original.map((c) => ({ type: c.type, amount: money(new Decimal(c.amount).negated()) }));
    case 'ANNUITY_ERROR':
      // Office and grace fees were computed for the wrong annuity: corrected by a tenth.
      return original
        .filter((c) => c.type === 'OFFICE' || c.type === 'GRACE_PERIOD')
        .map((c) => ({ type: c.type, amount: money(new Decimal(c.amount).times(0.1)) }));
    case 'ACCOUNTING_ERROR':
      return original
        .filter((c) => c.type === 'SERVICE')
        .map((c) => ({ type: c.type, amount: money(new Decimal(c.amount).times(-0.5)) }));
  }
}

/**
 * (fault regularized-invoice-id-of-latest-invoice) The invoice a correction is attached to, looked up as the
 * tenant's latest patent invoice in the currency (not a regularization), instead of the one it corrects.
 */
function latestInvoiceIn(ctx: ServerContext, tenant: Tenant, currency: string, except: string): string {
  const candidates = [...ctx.store.invoices.values()].filter(
    (i) =>
      i.tenantId === tenant.id &&
      i.id !== except &&
      i.ipRightType === 'PATENT' &&
      i.origin !== 'REGULARIZATION' &&
      i.currency === currency,
  );
  candidates.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return candidates.at(-1)?.id ?? except;
}

/** A REGULARIZATION invoice correcting the lines of `original` for the given events. */
export function regularizeInvoice(
  ctx: ServerContext,
  tenant: Tenant,
  original: InvoiceRecord,
  eventIds: string[],
  reason: RegularizationReason,
  at: Moment,
): InvoiceRecord {
  if (original.tenantId !== tenant.id || original.origin === 'REGULARIZATION') {
    throw new DomainRuleError('only an invoice of the tenant that is not itself a regularization');
  }
  const invoice = newInvoice(ctx, tenant, 'REGULARIZATION', original.currency, at.today, at);
  if (faultIs(ctx, 'invoices-regularization-reuses-reference')) invoice.reference = original.reference;
  for (const eventId of eventIds) {
    const line = original.lines.find((l) => l.eventId === eventId);
    if (line === undefined) throw new DomainRuleError(`event ${eventId} is not on invoice ${original.id}`);
    const regularized: InvoiceLine = {
      eventId,
      patentId: line.patentId,
      fees: { currency: line.fees.currency, components: correction(line.fees.components, reason) },
      regularizedInvoiceId: faultIs(ctx, 'invoices-regularized-id-self')
        ? invoice.id
        : faultIs(ctx, 'regularized-invoice-id-of-latest-invoice')
          ? latestInvoiceIn(ctx, tenant, original.currency, invoice.id)
          : original.id,
      regularizationReason: faultIs(ctx, 'invoices-regularization-reason-dropped') ? null : reason,
    };
    invoice.lines.push(regularized);
  }
  ctx.store.invoices.set(invoice.id, invoice);
  return invoice;
}

/** A trademark invoice of the tenant: stored, and never served by the patent invoice endpoints. */
export function recordTrademarkInvoice(
  ctx: ServerContext,
  tenant: Tenant,
  amount: string,
  at: Moment,
): InvoiceRecord {
  const invoice = newInvoice(ctx, tenant, 'GENERATED', 'EUR', at.today, at);
  invoice.ipRightType = 'TRADEMARK';
  invoice.reference = `TM-${invoice.number ?? ''}`;
  invoice.lines.push({
    eventId: null,
    patentId: null,
    fees: { currency: 'EUR', components: [{ type: 'SERVICE', amount }] },
    regularizedInvoiceId: null,
    regularizationReason: null,
  });
  ctx.store.invoices.set(invoice.id, invoice);
  return invoice;
}
