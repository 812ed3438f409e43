/**
 * Variants of the area documents (DOC-*): PDF document downloads.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const DOCUMENTS_VARIANTS = [
  {
    name: 'content-disposition-filename-star',
    requirements: ['DOC-004'],
    freedom:
      'Document downloads: "delivered as an attachment with an RFC 6266 `Content-Disposition` filename"; RFC 6266 allows filename* beside filename.',
    summary: "Content-Disposition of downloads carries filename*=UTF-8''... beside filename.",
  },
  {
    name: 'content-disposition-token-filename',
    requirements: ['DOC-004'],
    freedom:
      'Document downloads: "an RFC 6266 `Content-Disposition` filename"; RFC 6266 writes the value as a token or a quoted-string.',
    summary:
      'Downloads carry Content-Disposition: attachment; filename=<name>.pdf, the file name unquoted (the file names are RFC 6266 tokens).',
  },
] as const satisfies readonly VariantDefinition[];
