/**
 * Faults of the area ratelimits (RATE-*): Daily quota, RateLimit headers and 429.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const RATELIMITS_FAULTS = [
  {
    name: 'quota-per-tenant',
    requirements: ['RATE-001'],
    summary:
      "Calls are counted per tenant instead of per key, so one key's calls lower every key's RateLimit-Remaining.",
  },
  {
    name: 'quota-never-enforced',
    requirements: ['RATE-002'],
    summary:
      'The quota is counted but never enforced: past it, calls still succeed with RateLimit-Remaining 0.',
  },
  {
    name: 'failed-calls-not-counted',
    requirements: ['RATE-003'],
    summary:
      'A call that ends in an error (400, 403, 404...) is taken back from the quota: only successes count.',
  },
  {
    name: 'reset-in-milliseconds',
    requirements: ['RATE-004'],
    summary: 'RateLimit-Reset gives the time to the next reset in milliseconds instead of seconds.',
  },
  {
    name: 'freeze-put-without-rate-limit-headers',
    requirements: ['RATE-006', 'RATE-007', 'RATE-009'],
    summary: 'The exchange-rate freeze PUT answers its 200 without the RateLimit-* headers.',
  },
  {
    name: 'instruction-receipt-without-rate-limit-headers',
    requirements: ['RATE-006', 'RATE-007', 'RATE-009'],
    summary: 'The 201 instruction receipt carries no RateLimit-* headers.',
  },
  {
    name: 'pdf-download-without-rate-limit-headers',
    requirements: ['RATE-006', 'RATE-007', 'RATE-009'],
    summary:
      'The binary (PDF) download route bypasses the rate-limit header layer, so a 200 document carries no RateLimit-* headers.',
  },
  {
    name: 'period-list-without-rate-limit-headers',
    requirements: ['RATE-006', 'RATE-007', 'RATE-009'],
    summary: 'The by-period event list (200) is served without the RateLimit-* headers.',
  },
  {
    name: 'rate-limit-headers-missing-on-errors',
    requirements: ['RATE-006', 'RATE-007', 'RATE-009'],
    summary:
      'Authenticated requests answered with an error (400, 403, 404, 409, 422) carry no RateLimit-* headers.',
  },
  {
    name: 'remaining-read-before-counting',
    requirements: ['RATE-007'],
    summary:
      'RateLimit-Remaining is read before the current call is counted, so the first call of the day shows the whole quota left.',
  },
  {
    name: 'quota-counted-twice',
    requirements: ['RATE-008'],
    summary:
      'Every call is counted twice, so RateLimit-Remaining drops by two per call and the quota ends at half.',
  },
  {
    name: 'remaining-not-decremented',
    requirements: ['RATE-008'],
    summary: 'RateLimit-Remaining always shows the full daily quota, whatever the calls already made.',
  },
  {
    name: 'reset-in-minutes',
    requirements: ['RATE-009', 'RATE-013'],
    summary: 'RateLimit-Reset gives the time to the next reset in minutes instead of seconds.',
  },
  {
    name: 'rate-limit-headers-on-429',
    requirements: ['RATE-010'],
    summary: 'The 429 response carries RateLimit-Limit, -Remaining (0) and -Reset beside Retry-After.',
  },
  {
    name: 'retry-after-missing',
    requirements: ['RATE-011'],
    summary: 'The 429 response carries no Retry-After header.',
  },
  {
    name: 'quota-reset-utc-midnight',
    requirements: ['RATE-013'],
    summary:
      "The quota day is the UTC date: the counter resets and RateLimit-Reset counts down to UTC midnight, not the server's local midnight.",
  },
  {
    name: 'quota-rolling-window',
    requirements: ['RATE-013'],
    summary:
      "The quota is a rolling 24-hour window opened by the key's first call: RateLimit-Reset counts down to 24 hours after it, not to midnight.",
  },
  {
    name: 'reset-frozen-at-first-call',
    requirements: ['RATE-013'],
    summary:
      "RateLimit-Reset keeps the seconds computed at the key's first call of the day instead of counting down with the clock.",
  },
] as const satisfies readonly FaultDefinition[];
