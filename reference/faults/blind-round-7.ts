/**
 * Faults of blind round 7: bugs written from the contract alone by a reader who had seen neither the suite nor
 * these catalogues. Each is switched on by name at the single place of its rule.
 *
 * Six entries built for the round were ruled on after its measurement, the contract and the reference's
 * conditions deciding:
 * - an event in its grace period that no longer offers PROCEED is a freedom: the error table gives
 *   instruction_lapsed as "the decision is not offered for the event (typically PROCEED on a lapsed event)",
 *   so which decisions an event offers is the service's; now the variant grace-period-drops-proceed;
 * - four show only on some days or in some zones: the POST refusing on the opensAt day itself and the
 *   instructability dated by UTC against the POST's local date (both only on the first day of a month, the
 *   second only between the two midnights), a reset computed as the local day plus 86,400 s and a dueTo bound
 *   taken as 24 hours (both only in a time zone with daylight saving). Each names the day and zone that show
 *   it (`calendar`): the mutation run serves it on a reference pinned there, beside a clean control;
 * - an opensAt that rolls over when the opening month lacks the due day showed on no event of the reference's
 *   data: its seed now holds, on every date, an event due on such a day (reference/seed.ts, 'too-early').
 */
import type { FaultDefinition } from './catalogue-types';

export const BLIND_ROUND_7_FAULTS = [
  {
    name: 'events-period-include-fees-live-for-locked',
    requirements: ['FEE-017', 'PER-012', 'FEE-012'],
    summary:
      'With include=fees the by-period list always runs the live estimator, so an event with an executed PROCEED shows fees ESTIMATED with the current amounts there, while its fees route reads LOCKED with the fixed amounts.',
  },
  {
    name: 'freezes-yearmonth-timezone-shift',
    requirements: ['FRZ-003', 'FRZ-008'],
    summary:
      "The PUT parses yearMonth as UTC midnight of the first day and formats it in a local zone west of UTC, so PUT 2025-03 freezes and answers yearMonth 2025-02 (with February's events), and the list shows 2025-02 instead of 2025-03.",
  },
  {
    name: 'events-period-local-midnight-shift',
    requirements: ['PER-003', 'PER-004'],
    summary:
      'dueFrom and dueTo are parsed as local midnight on a server east of UTC and converted with toISOString() before the comparison, so the window slides one day earlier: an event due the day before dueFrom is listed and one due on dueTo is not.',
  },
  {
    name: 'events-feesstatus-stale-after-proceed',
    requirements: ['FEE-017'],
    summary:
      "The event's denormalized feesStatus is refreshed by a daily job only: for a day after a PROCEED the fees route reads LOCKED but the event still reads feesStatus ESTIMATED.",
  },
  {
    name: 'invoices-equal-created-window-rejected',
    requirements: ['INV-016', 'INV-017'],
    summary:
      "The bound check requires createdTo > createdFrom, so a single-day window (createdFrom = createdTo) gives 400 validation_failed instead of that day's invoices.",
  },
  {
    name: 'instructability-opensat-month-overflow',
    requirements: ['EVT-023', 'INS-021'],
    summary:
      'opensAt is computed with setMonth(month - 2) before setDate(1): for an event due on a day its opening month lacks (2025-04-30 -> "February 30") the date rolls into the next month, giving opensAt 2025-03-01 instead of 2025-02-01, so instructions in February are refused as too early.',
  },
  {
    name: 'invoices-issuedateto-exclusive',
    requirements: ['INV-014'],
    summary:
      'issueDateTo is applied as issueDate < issueDateTo, so an invoice issued exactly on issueDateTo is missing and issueDateFrom = issueDateTo returns nothing.',
  },
  {
    name: 'sync-date-read-back-one-day-earlier',
    requirements: ['PAT-024', 'PAT-006'],
    summary:
      'Dates pushed by sync are stored as local-midnight timestamps of a server east of UTC and written back via UTC, so a grantDate 2024-05-10 that a sync writes reads back as 2024-05-09 on the patent.',
  },
  {
    name: 'ratelimit-retry-after-milliseconds',
    requirements: ['RATE-013', 'RATE-011'],
    summary:
      'The 429 sets Retry-After from a millisecond difference without dividing by 1000 (3600000 instead of 3600), so clients wait a thousand times too long.',
  },
  {
    name: 'events-timestamps-without-zone',
    requirements: ['CONV-006', 'EVT-013'],
    summary:
      "An event's createdAt, updatedAt and processingStatusUpdatedAt are written from a local date-time type in the server's local time without Z or offset (2025-03-01T11:00:00), neither UTC-designated nor the UTC instant.",
  },
  {
    name: 'invoices-created-window-uses-issuedate',
    requirements: ['INV-016'],
    summary:
      'createdFrom and createdTo are mapped onto issueDate, so an IMPORTED invoice recorded today with a backdated issueDate is missing from createdFrom=today and is returned for an old creation window.',
  },
  {
    name: 'instructions-skipped-dates-partial',
    requirements: ['INS-023'],
    summary:
      "When several earlier events of the patent are un-instructed, the instruction_skipped problem lists only the immediately preceding event's due date in missingPreviousRenewalDates.",
  },
  {
    name: 'freezes-amount-excludes-service-fee',
    requirements: ['FRZ-014'],
    summary:
      "A frozen-rate event's amount is the sum of OFFICE and AGENT only (the FX-exposed parts), leaving out SERVICE and GRACE_PERIOD, so it is below the total of the event's fees.",
  },
  {
    name: 'instructions-too-early-on-opensat-day',
    requirements: ['EVT-028', 'INS-013'],
    summary:
      'The POST treats today <= opensAt as too early while instructability uses today < opensAt, so on the opensAt day the event reads isAllowed true with its decisions but the POST gives 422 instruction_too_early.',
    calendar: {
      today: '2027-06-01T00:30',
      timeZone: 'Asia/Kolkata',
      because: 'an event opens on a first of the month: only then is today its opensAt',
    },
  },
  {
    name: 'instructions-today-utc-vs-local',
    requirements: ['EVT-026', 'EVT-028'],
    summary:
      "The event's instructability takes today from the UTC date while the POST uses the server's local date, so around midnight of the opensAt day an event reads TOO_EARLY while its POST succeeds (or reads allowed while the POST gives instruction_too_early).",
    calendar: {
      today: '2027-06-01T00:30',
      timeZone: 'Asia/Kolkata',
      because: 'the UTC date is still the last of May while the local one is the first of June',
    },
  },
  {
    name: 'ratelimit-reset-dst-fixed-day',
    requirements: ['RATE-013'],
    summary:
      'The seconds to the reset are computed as the start of the local day + 86400 s - now, so on a DST change day (23 or 25 hours) RateLimit-Reset and Retry-After are 3600 s off the real next local midnight.',
    calendar: {
      today: '2027-10-31',
      timeZone: 'Europe/Paris',
      because: 'the local day has 25 hours only on the day daylight saving time ends',
    },
  },
  {
    name: 'events-period-dueto-dst-24h',
    requirements: ['PER-003'],
    summary:
      'The inclusive dueTo is applied as dueDate < localMidnight(dueTo) + 86400000 ms over due dates held as local-midnight instants, so when dueTo is a 23-hour spring-forward day (2025-03-30 in Europe/Paris) events due the next day are returned too.',
    calendar: {
      today: '2028-02-29',
      timeZone: 'America/New_York',
      because:
        'the seed then holds events due on 2027-03-15, the day after 2027-03-14, the 23-hour day daylight saving time starts on in New York',
    },
  },
] as const satisfies readonly FaultDefinition[];
