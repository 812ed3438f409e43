/**
 * Faults of the area invoices (INV-*): Invoices and regularization lines.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const INVOICES_FAULTS = [
  {
    name: 'invoices-regularized-id-on-every-line',
    requirements: ['INV-001'],
    summary:
      'Every invoice line carries its own invoice id as regularizedInvoiceId, not only REGULARIZATION lines.',
  },
  {
    name: 'invoices-regularized-id-self',
    requirements: ['INV-002'],
    summary:
      'A REGULARIZATION line names its own invoice as regularizedInvoiceId instead of the original invoice.',
  },
  {
    name: 'invoices-regularization-reason-defaulted',
    requirements: ['INV-003'],
    summary:
      'The reason column defaults to NOT_PAYABLE, so every line of a GENERATED or IMPORTED invoice reads regularizationReason NOT_PAYABLE.',
  },
  {
    name: 'invoices-regularization-reason-dropped',
    requirements: ['INV-004'],
    summary:
      'The reason is kept on the regularization invoice only, so its lines read regularizationReason null.',
  },
  {
    name: 'invoices-object-per-right-type',
    requirements: ['INV-005'],
    summary: 'Invoices carry object patentInvoice, named after their right type, instead of invoice.',
  },
  {
    name: 'invoices-regularization-reuses-reference',
    requirements: ['INV-006'],
    summary:
      'A REGULARIZATION invoice takes the display reference of the invoice it corrects, so two invoices share it.',
  },
  {
    name: 'invoices-reference-from-number',
    requirements: ['INV-007'],
    summary:
      'The display reference is built from the sequential number, so IMPORTED invoices get an empty reference.',
  },
  {
    name: 'invoices-imported-numbered',
    requirements: ['INV-008'],
    summary: 'IMPORTED invoices get a sequential number like generated ones.',
  },
  {
    name: 'invoices-origin-v1-credit-note',
    requirements: ['INV-009', 'CONV-013'],
    summary: 'A REGULARIZATION invoice reads origin CREDIT_NOTE, its v1 name.',
  },
  {
    name: 'invoices-trademark-returned',
    requirements: ['INV-010'],
    summary: 'The invoice list and read also return TRADEMARK invoices.',
  },
  {
    name: 'invoices-xlsx-flag-null-without-document',
    requirements: ['INV-011'],
    summary:
      'hasXlsxDocument comes from a left join on the XLSX documents, so it is null (not false) for an invoice without one.',
  },
  {
    name: 'invoices-line-per-component',
    requirements: ['INV-012'],
    summary: 'The invoice shows one fees line per fee component, so an event appears on several lines.',
  },
  {
    name: 'invoices-imported-created-at-as-issue-date',
    requirements: ['INV-013'],
    summary:
      'An IMPORTED invoice takes its hand-entered issue date (a date) as createdAt instead of when it was recorded.',
  },
  {
    name: 'invoices-date-windows-exclusive',
    requirements: ['INV-014', 'INV-016'],
    summary: 'The issue-date and creation-day windows exclude their bounds.',
  },
  {
    name: 'invoices-reversed-window-accepted',
    requirements: ['INV-015', 'INV-017'],
    summary: 'A window whose To is before its From answers 200 (empty) instead of 400.',
  },
  {
    name: 'invoices-created-window-ignored',
    requirements: ['INV-016'],
    summary: 'createdFrom and createdTo are ignored.',
  },
  {
    name: 'invoices-sort-created-at-ignored',
    requirements: ['INV-018'],
    summary: 'sort=createdAt and sort=-createdAt order by issueDate.',
  },
  {
    name: 'invoices-default-order-ascending',
    requirements: ['INV-019'],
    summary: 'Without sort, invoices come earliest issued first.',
  },
  {
    name: 'invoices-window-query-unordered',
    requirements: ['INV-019', 'INV-016'],
    summary:
      'The incremental-sync query (createdFrom or createdTo, no sort) is built apart and has no ORDER BY: its invoices come in the order they were recorded, not latest issued first.',
  },
  {
    name: 'invoices-sort-field-case-insensitive',
    requirements: ['INV-020'],
    summary:
      'The sort parameter of the invoice list is matched against the allowed fields ignoring case, so sort=-IssueDate sorts instead of giving 400.',
  },
  {
    name: 'invoices-unknown-sort-field-accepted',
    requirements: ['INV-020'],
    summary:
      'A sort on a field other than issueDate or createdAt is ignored (200, default order) instead of giving 400.',
  },
  {
    name: 'invoices-list-bare-array',
    requirements: ['INV-021'],
    summary:
      'The invoice list answers the bare array of invoices (the v1 shape) instead of the list envelope.',
  },
  {
    name: 'invoices-read-subtotal-with-tax',
    requirements: ['INV-022'],
    summary:
      'The single read is its own serializer and shows the gross total as subtotalExcludingTax, unlike the list.',
  },
  {
    name: 'invoices-date-filters-shape-only',
    requirements: ['INV-023'],
    summary:
      'issueDateFrom, issueDateTo, createdFrom and createdTo are checked for their shape only, so 2024-13-01 is accepted.',
  },
  {
    name: 'invoice-read-created-at-of-document',
    requirements: ['INV-024'],
    summary:
      "The single read takes createdAt from the invoice document's row, written when the PDF was rendered an hour after the invoice was recorded, while the list shows when it was recorded.",
  },
  {
    name: 'imported-invoice-lines-locked',
    requirements: ['INV-027', 'FEE-018'],
    summary:
      'The lines of an IMPORTED invoice are built from the import table, which keeps no billing status: each reads feesStatus LOCKED with invoiceId null, while its event reads INVOICED on that invoice.',
  },
] as const satisfies readonly FaultDefinition[];
