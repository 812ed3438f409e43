/**
 * Variants of the area invoices (INV-*): Invoices and regularization lines.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const INVOICES_VARIANTS = [
  {
    name: 'invoice-read-extra-members',
    requirements: ['INV-022', 'CONV-004'],
    freedom:
      'Invoice: the resource table lists the members an invoice carries and forbids no other; `fees` is "one line per event", in no stated order.',
    summary:
      'GET /invoices/{invoiceId} also carries a links object and lists its fee lines in the reverse order of the list.',
  },
  {
    name: 'invoice-documents-produced-later',
    requirements: ['INV-026'],
    freedom:
      'Document downloads: "Each returns 404 until the document exists." (the flags hasPdfDocument and hasXlsxDocument may turn true after an invoice is first read)',
    summary:
      'The documents of an invoice are rendered after it is recorded: the first read of an invoice shows hasPdfDocument and hasXlsxDocument false, every later read shows what the store holds.',
  },
] as const satisfies readonly VariantDefinition[];
