/**
 * Variants of the area conventions (CONV-*): General conventions.
 * The first requirement each one relaxes is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { VariantDefinition } from '../faults/catalogue-types';

export const CONVENTIONS_VARIANTS = [
  {
    name: 'gzip-responses',
    requirements: ['CONV-001', 'PROB-001'],
    freedom:
      'Bodies are "JSON except the three PDF downloads"; HTTP content coding (RFC 9110 section 8.4) is negotiated with Accept-Encoding and leaves the media type and the decoded body unchanged.',
    summary:
      'JSON and problem bodies are gzip-compressed, with Content-Encoding: gzip and Vary: Accept-Encoding, when the request accepts gzip.',
  },
  {
    name: 'json-charset-utf8',
    requirements: ['CONV-001', 'PROB-001'],
    freedom:
      'RFC 8259 and RFC 9457 media types take parameters; the contract names the media types, not their parameters ("Every 4xx and 5xx response ... has content type application/problem+json").',
    summary:
      'JSON bodies are served as application/json; charset=utf-8 and problems as application/problem+json; charset=utf-8.',
  },
  {
    name: 'json-members-reversed',
    requirements: ['CONV-004', 'FRZ-009', 'SYNC-002', 'SYNC-046'],
    freedom: 'JSON objects are unordered (RFC 8259 section 4); the contract fixes no member order.',
    summary: 'Every JSON object of every body (resources and problems) lists its members in reverse order.',
  },
  {
    name: 'timestamps-offset-notation',
    requirements: ['CONV-006'],
    freedom:
      'General conventions: "Timestamps are ISO 8601 UTC (`date-time`)"; ISO 8601 and RFC 3339 write UTC as `Z` or as the offset `+00:00`.',
    summary:
      'Every date-time of every JSON body ends in +00:00 instead of Z (2024-05-01T10:00:00.000+00:00).',
  },
  {
    name: 'timestamps-whole-seconds',
    requirements: ['CONV-006'],
    freedom:
      'General conventions: "Timestamps are ISO 8601 UTC (`date-time`)"; fractional seconds are optional in ISO 8601 and RFC 3339.',
    summary:
      'Every date-time of every JSON body is printed without fractional seconds (2024-05-01T10:00:00Z).',
  },
  {
    name: 'amounts-trailing-zeros-trimmed',
    requirements: ['CONV-007', 'FEE-005', 'FEE-006', 'FRZ-004'],
    freedom:
      'General conventions: "Money amounts are decimal strings in the invoice currency"; the number of decimals a string shows is not stated.',
    summary:
      'Every money string (fee components and totals, invoice subtotals and totals, freeze amounts) is written without trailing zeros ("120.5", "100").',
  },
] as const satisfies readonly VariantDefinition[];
