/** The wire representation of an invoice and of its lines (fees objects). */
import type { Fees, Invoice } from '../../schemas/types';
import Decimal from 'decimal.js';
import { isFault, isVariant } from '../behaviour';
import { money } from '../domain/fees';
import { subtotalOf, totalIncludingTaxOf } from '../domain/invoices';
import type { InvoiceLine, InvoiceRecord, Store, Tenant } from '../store';
import { embeddedFees, feesObject } from './fees';
import { type SerializerFaults, without, written } from './serializer';

const INVOICE_LINE_FAULTS: SerializerFaults<Fees> = {
  'invoices-regularized-id-on-every-line': (view) => ({
    ...view,
    regularizedInvoiceId: view.regularizedInvoiceId ?? view.invoiceId,
  }),
  'invoices-regularization-reason-defaulted': (view) => ({
    ...view,
    regularizationReason: view.regularizationReason ?? 'NOT_PAYABLE',
  }),
  'invoice-lines-without-object': (view) => without(view, ['object']),
};

/** Local currency of an office and its units per euro (the office fee schedules are in it). */
const OFFICE_CURRENCIES: Record<string, { currency: string; perEuro: string }> = {
  JP: { currency: 'JPY', perEuro: '162.40' },
  CN: { currency: 'CNY', perEuro: '7.83' },
  KR: { currency: 'KRW', perEuro: '1478.50' },
  IN: { currency: 'INR', perEuro: '90.25' },
  EA: { currency: 'RUB', perEuro: '98.60' },
  CH: { currency: 'CHF', perEuro: '0.94' },
  US: { currency: 'USD', perEuro: '1.08' },
  GB: { currency: 'GBP', perEuro: '0.85' },
};

/** A line's amounts as the office fee schedule gives them, before the conversion to the invoice currency. */
function unconverted(store: Store, invoice: InvoiceRecord, line: InvoiceLine): InvoiceLine['fees'] {
  const office = line.patentId === null ? undefined : store.patents.get(line.patentId)?.office;
  const local = office === undefined ? undefined : OFFICE_CURRENCIES[office];
  if (invoice.currency !== 'EUR' || local === undefined) return line.fees;
  return {
    currency: local.currency,
    components: line.fees.components.map((c) => ({
      type: c.type,
      amount: money(new Decimal(c.amount).times(local.perEuro)),
    })),
  };
}

/** (fault) The other side of the regularization link: the REGULARIZATION invoice correcting this line's event. */
function regularizedBy(store: Store, invoice: InvoiceRecord, line: InvoiceLine): string | null {
  for (const other of store.invoices.values())
    if (
      other.tenantId === invoice.tenantId &&
      other.origin === 'REGULARIZATION' &&
      other.lines.some((l) => l.regularizedInvoiceId === invoice.id && l.eventId === line.eventId)
    )
      return other.id;
  return null;
}

function invoiceLineView(
  store: Store,
  tenant: Tenant,
  invoice: InvoiceRecord,
  line: InvoiceLine,
  listed: boolean,
): Fees {
  const event = line.eventId === null ? undefined : store.events.get(line.eventId);
  // (fault) The list joins each line to its event's billed fees instead of reading the invoice's own line.
  if (isFault('invoice-list-lines-from-event-fees') && listed && event?.lockedFees) {
    const billed = feesObject(store, tenant, event, event.lockedFees, {
      invoiceId: event.invoiceId,
      feesStatus: 'INVOICED',
      eventId: event.id,
      patentId: event.patentId,
      regularizedInvoiceId: null,
      regularizationReason: null,
    });
    return written(INVOICE_LINE_FAULTS, embeddedFees(billed), undefined);
  }
  // Copied from the office fee schedule before the conversion step, which only the invoice totals go through.
  const fees =
    isFault('invoice-lines-in-office-currency') || isFault('invoice-line-in-office-currency')
      ? unconverted(store, invoice, line)
      : line.fees;
  // (fault) The line rendered from the fee snapshot stored at lock time: its status and invoice link as then.
  const lockSnapshot = isFault('invoice-lines-serialized-from-lock-snapshot');
  const view = feesObject(store, tenant, event, fees, {
    // The lines of an imported invoice built from the import table, which has no invoice key.
    invoiceId:
      lockSnapshot ||
      ((isFault('imported-invoice-lines-null-invoiceid') || isFault('imported-invoice-lines-locked')) &&
        invoice.origin === 'IMPORTED')
        ? null
        : invoice.id,
    // (fault imported-invoice-lines-locked) The import table keeps no billing status: its lines read as fees
    // fixed but not invoiced.
    feesStatus:
      lockSnapshot || (isFault('imported-invoice-lines-locked') && invoice.origin === 'IMPORTED')
        ? 'LOCKED'
        : 'INVOICED',
    eventId: line.eventId,
    patentId: line.patentId,
    regularizedInvoiceId:
      line.regularizedInvoiceId ??
      (isFault('regularized-invoice-id-backlinked-on-original') ? regularizedBy(store, invoice, line) : null),
    regularizationReason: line.regularizationReason,
  });
  return written(INVOICE_LINE_FAULTS, embeddedFees(view), undefined);
}

const INVOICE_FAULTS: SerializerFaults<Invoice, Tenant> = {
  'invoices-object-per-right-type': (view) => ({ ...view, object: 'patentInvoice' }),
  'invoices-origin-v1-credit-note': (view) => ({
    ...view,
    origin: view.origin === 'REGULARIZATION' ? 'CREDIT_NOTE' : view.origin,
  }),
  'currency-lower-case': (view) => ({ ...view, currency: view.currency.toLowerCase() }),
  'vat-rate-as-percentage': (view) => ({
    ...view,
    vatRate: view.vatRate === null ? null : view.vatRate * 100,
  }),
  'invoices-xlsx-flag-null-without-document': (view) => ({
    ...view,
    hasXlsxDocument: view.hasXlsxDocument || null,
  }),
  'invoice-view-leaks-customer-id': (view, tenant) => ({ ...view, customerId: tenant.id }),
};

export function invoiceView(store: Store, tenant: Tenant, invoice: InvoiceRecord, listed = false): Invoice {
  // The lines read from the ledger rows (one per fee type) without grouping them by event.
  const perComponent =
    isFault('invoices-line-per-component') ||
    (isFault('invoice-lines-split-per-component') && invoice.origin === 'GENERATED');
  const lines = perComponent
    ? invoice.lines.flatMap((line) =>
        line.fees.components.map((c) => ({ ...line, fees: { ...line.fees, components: [c] } })),
      )
    : invoice.lines;
  const view: Invoice = {
    object: 'invoice',
    id: invoice.id,
    reference: invoice.reference,
    number: invoice.number,
    issueDate: invoice.issueDate,
    origin: invoice.origin,
    ipRightType: invoice.ipRightType,
    currency: invoice.currency,
    vatRate: invoice.vatRate,
    vatNumber: invoice.vatNumber,
    subtotalExcludingTax: subtotalOf(invoice),
    totalIncludingTax: totalIncludingTaxOf(invoice),
    ...documentFlags(invoice),
    // (fault) The list served from a summary projection that selects no lines, to keep its query cheap.
    fees:
      listed && isFault('invoice-list-items-have-empty-fee-lines')
        ? []
        : lines.map((line) => invoiceLineView(store, tenant, invoice, line, listed)),
    createdAt: invoice.createdAt,
  };
  return written(INVOICE_FAULTS, view, tenant);
}

/** (variant) How many times each invoice was shown: its documents are rendered after the first. */
const invoiceReads = new WeakMap<InvoiceRecord, number>();

/** The document flags as shown now: false on the first read while the documents are being rendered (variant). */
function documentFlags(invoice: InvoiceRecord): Pick<Invoice, 'hasPdfDocument' | 'hasXlsxDocument'> {
  const stored = { hasPdfDocument: invoice.hasPdfDocument, hasXlsxDocument: invoice.hasXlsxDocument };
  if (!isVariant('invoice-documents-produced-later')) return stored;
  const reads = (invoiceReads.get(invoice) ?? 0) + 1;
  invoiceReads.set(invoice, reads);
  return reads === 1 ? { hasPdfDocument: false, hasXlsxDocument: false } : stored;
}
