/**
 * Faults of the area documents (DOC-*): PDF document downloads.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const DOCUMENTS_FAULTS = [
  {
    name: 'document-body-html',
    requirements: ['DOC-001'],
    summary: 'The document body is the HTML rendering of the document, still labelled application/pdf.',
  },
  {
    name: 'document-truncated',
    requirements: ['DOC-001'],
    summary: 'Only the first half of the PDF bytes is sent: the body starts as a PDF but does not parse.',
  },
  {
    name: 'document-served-as-octet-stream',
    requirements: ['DOC-002'],
    summary: 'PDF downloads are served as application/octet-stream.',
  },
  {
    name: 'document-inline',
    requirements: ['DOC-003'],
    summary: 'PDF downloads are served with Content-Disposition inline instead of attachment.',
  },
  {
    name: 'document-disposition-trailing-semicolon',
    requirements: ['DOC-004'],
    summary:
      'The Content-Disposition of PDF downloads ends with a ";" (attachment; filename="x.pdf";), an empty parameter outside the RFC 6266 grammar.',
  },
  {
    name: 'document-filename-missing',
    requirements: ['DOC-004'],
    summary: 'The Content-Disposition of PDF downloads is a bare "attachment" without a filename.',
  },
  {
    name: 'instruction-receipt-before-instruction',
    requirements: ['DOC-005'],
    summary:
      'The instruction receipt download serves a blank receipt for an event that was never instructed instead of 404.',
  },
  {
    name: 'official-receipt-before-issue',
    requirements: ['DOC-006'],
    summary:
      'The official receipt is served as soon as a PROCEED is executed, before the office has issued it, instead of 404.',
  },
  {
    name: 'invoice-document-while-locked',
    requirements: ['DOC-007'],
    summary:
      'The invoice download serves a pro-forma PDF for an event whose fees are LOCKED, before it is invoiced.',
  },
] as const satisfies readonly FaultDefinition[];
