/**
 * Deterministic seed data, dated relative to the clock's today so that every state exists whatever the date.
 * Instructed, invoiced and receipted states are produced by replaying a timeline through the same domain
 * functions the API uses (each at its own past moment), so the seed cannot hold a state the rules forbid.
 */
import Decimal from 'decimal.js';
import { enumOf } from '../schemas/openapi-facts';
import type { Moment, ServerContext } from './context';
import { variantIs } from './behaviour';
import { addDays, addMonths, addYears, firstDayOfMonth, middayUtc, yearMonthOf } from './dates';
import { defaultGracePeriodEnd } from './domain/due-period';
import { money } from './domain/fees';
import { freezeMonth } from './domain/freezes';
import { executeInstructions, issueOfficialReceipt } from './domain/instructions';
import { invoiceEvents, recordTrademarkInvoice, regularizeInvoice } from './domain/invoices';
import type { KeyRole, TenantSlot } from './keys';
import { DEFAULT_DAILY_QUOTA, deriveKey, KEY_ROLES, KEY_SPECS, LOW_DAILY_QUOTA, sha256Hex } from './keys';
import type { Random } from './prng';
import { minimumShapes, type PatentShape } from '../schemas/data-states';
import type {
  Decision,
  EventRecord,
  InvoiceRecord,
  PatentRecord,
  RegularizationReason,
  Tenant,
} from './store';

const OFFICES = ['WO', 'EP', 'EA', 'US', 'FR', 'DE', 'GB', 'JP'] as const;
/** Offices whose renewals the service pays directly, without an external agent. */
const DIRECT_OFFICES = new Set(['EP', 'WO']);
const OWNERS = ['Acme Robotics SA', 'Borealis Medical GmbH', 'Cobalt Energy Ltd', 'Delta Optics Inc.'];
const TITLE_WORDS = [
  'Adaptive',
  'Modular',
  'Low-power',
  'Optical',
  'Hybrid',
  'Autonomous',
  'Compact',
  'Secure',
];
const TITLE_NOUNS = [
  'gripper',
  'sensor array',
  'battery cell',
  'lens assembly',
  'catheter',
  'inverter',
  'valve',
];
const DESIGNATIONS = ['US', 'JP', 'CN', 'KR', 'CA', 'AU', 'BR', 'IN'];

/** What the seed arranges for a patent's events, relative to today: one of the shapes of schemas/data-states.ts. */
type Scenario = PatentShape;

interface TenantPlan {
  slot: TenantSlot;
  name: string;
  prefix: string;
  canFreezeExchangeRates: boolean;
  vatNumber: string | null;
  scenarios: Scenario[];
  /** Months frozen, as offsets in months from today. */
  frozenMonthOffsets: number[];
  trademarkInvoices: number;
}

const TENANT_PLANS: TenantPlan[] = [
  {
    slot: 'A',
    name: 'Acme Group',
    prefix: 'ACME',
    canFreezeExchangeRates: true,
    vatNumber: 'FR40123456824',
    scenarios: [
      ...Array<Scenario>(18).fill('blocked'),
      ...Array<Scenario>(5).fill('too-early'),
      ...Array<Scenario>(4).fill('lapsed'),
      ...Array<Scenario>(3).fill('locked'),
      ...Array<Scenario>(10).fill('open'),
      // Appended, so that the patents before them keep their data.
      ...Array<Scenario>(2).fill('blocked-behind-two'),
    ],
    frozenMonthOffsets: [-6, -1, 5],
    trademarkInvoices: 3,
  },
  {
    slot: 'B',
    name: 'Borealis Holding',
    prefix: 'BORE',
    canFreezeExchangeRates: true,
    vatNumber: 'DE129273398',
    scenarios: ['blocked', 'blocked', 'open', 'open', 'too-early', 'lapsed', 'locked', 'open'],
    frozenMonthOffsets: [1],
    trademarkInvoices: 1,
  },
  {
    slot: 'C',
    name: 'Cygnus Labs',
    prefix: 'CYGN',
    canFreezeExchangeRates: false,
    vatNumber: null,
    scenarios: ['open', 'blocked', 'too-early'],
    frozenMonthOffsets: [],
    trademarkInvoices: 0,
  },
];

interface EventPlan {
  due: string;
  instruct?: { on: string; decision: Decision };
}

function momentOn(date: string): Moment {
  return { now: new Date(middayUtc(date)), today: date };
}

/** Due dates of the not-yet-instructed events, the first one placed per scenario. */
function openDueDates(scenario: Scenario, index: number, today: string): string[] {
  switch (scenario) {
    case 'blocked':
      // Both within the instruction window; the second one waits for the first.
      return [index % 2 === 0 ? addDays(today, 15) : addDays(today, -20), addDays(today, 45)];
    case 'too-early':
      // One of four due on the first day of a month that follows a 30-day month: a boundary of dueMonth; one of
      // eight on a day its opening month (two months before) lacks: a boundary of opensAt.
      return [
        index % 4 === 3
          ? firstAfterThirtyDayMonth(addMonths(today, 5))
          : index % 8 === 6
            ? dayTheOpeningMonthLacks(addMonths(today, 5))
            : addDays(addMonths(today, 5), (index % 4) * 9),
      ];
    case 'lapsed':
      // One of three lapsed long enough that the next renewal is already open: it waits behind the lapsed one.
      return [index % 3 === 2 ? addMonths(today, -11) : addDays(addMonths(today, -9), -(index % 3) * 7)];
    case 'blocked-behind-two':
      // All three within the instruction window: the third waits behind the first two.
      return [addDays(today, -20), addDays(today, 15), addDays(today, 45)];
    case 'locked':
      return [addDays(today, 20)];
    case 'open':
      // One of four due mid-month two months ahead: its window opens on the first of today's month, so on a
      // first of the month an event opens that very day (a boundary of opensAt against today).
      return [
        [
          addDays(today, 10),
          addDays(today, -60),
          addDays(addMonths(firstDayOfMonth(today), 2), 14),
          addDays(today, -150),
        ][index % 4] as string,
      ];
  }
}

/** The last day of the first month on or after `date`'s month that is longer than the month two before it. */
function dayTheOpeningMonthLacks(date: string): string {
  for (let month = firstDayOfMonth(date); ; month = addMonths(month, 1)) {
    const last = addDays(addMonths(month, 1), -1);
    const openingLast = addDays(addMonths(month, -1), -1);
    if (last.slice(8) > openingLast.slice(8)) return last;
  }
}

/** The first day of the first month on or after `date`'s month that follows a month of 30 days. */
function firstAfterThirtyDayMonth(date: string): string {
  for (let month = firstDayOfMonth(date); ; month = addMonths(month, 1)) {
    const previousLast = addDays(month, -1);
    if (previousLast.endsWith('-30')) return month;
  }
}

function planEvents(scenario: Scenario, index: number, today: string, random: Random): EventPlan[] {
  const open = openDueDates(scenario, index, today);
  const first = open[0] as string;
  const history = random.int(1, 3);
  const later = random.int(1, 3);
  const plans: EventPlan[] = [];
  for (let k = history; k >= 1; k -= 1) {
    const due = addMonths(first, -12 * k);
    const decision: Decision = (index + k) % 7 === 0 ? 'SKIP_THIS_TIME' : 'PROCEED';
    plans.push({ due, instruct: { on: addDays(due, -20), decision } });
  }
  open.forEach((due, i) => {
    // In the locked scenario the first open event is instructed (PROCEED) a few days ago.
    plans.push(
      scenario === 'locked' && i === 0
        ? { due, instruct: { on: addDays(today, -5), decision: 'PROCEED' } }
        : { due },
    );
  });
  const last = open[open.length - 1] as string;
  for (let k = 1; k <= later; k += 1) plans.push({ due: addMonths(last, 12 * k) });
  return plans;
}

function currencyOf(office: string): string {
  if (office === 'US') return 'USD';
  if (office === 'GB') return 'GBP';
  return 'EUR';
}

function makePatent(
  ctx: ServerContext,
  tenant: Tenant,
  plan: TenantPlan,
  index: number,
  firstDue: string,
  firstAnnuity: number,
  today: string,
): PatentRecord {
  const { random } = ctx;
  const office = OFFICES[index % OFFICES.length] as string;
  const n = String(index + 1).padStart(4, '0');
  const applicationDate = addDays(addYears(firstDue, -(firstAnnuity - 1)), -random.int(0, 20));
  const statuses = ['GRANTED', 'GRANTED', 'GRANTED', 'PUBLISHED', 'PENDING'] as const;
  const status = index % 11 === 10 ? null : (statuses[index % statuses.length] ?? null);
  const granted = status === 'GRANTED';
  const published = status !== 'PENDING' && index % 10 !== 3;
  const year = applicationDate.slice(0, 4);
  const appNumber = `${office}${year}/${String(100000 + random.int(0, 899999))}`;
  const pubNumber = published ? `${office}${String(1000000 + random.int(0, 8999999))}A1` : null;
  const grantNumber = granted ? `${office}${String(1000000 + random.int(0, 8999999))}B1` : null;
  const pct = office === 'WO' || index % 5 === 3;
  const pctNumber = pct
    ? `PCT/${index % 2 === 0 ? 'EP' : 'US'}${year}/${String(random.int(10000, 99999))}`
    : null;
  const created = middayUtc(addDays(addYears(today, -4), -index));
  const designated =
    office === 'WO' ? DESIGNATIONS.filter((_, i) => (i + index) % 3 !== 0).slice(0, 3 + (index % 3)) : null;
  const patent: PatentRecord = {
    id: random.uuid(),
    tenantId: tenant.id,
    providerId: index % 6 === 5 ? null : `${plan.prefix}-${n}`,
    clientCaseReference: index % 9 === 4 ? null : `CC-${String((index * 37) % 100).padStart(3, '0')}`,
    clientFamilyReference: index % 13 === 12 ? null : `FAM-${String(1 + (index % 12)).padStart(3, '0')}`,
    title: `${random.pick(TITLE_WORDS)} ${random.pick(TITLE_NOUNS)}`,
    office,
    patentType: office === 'DE' && index % 2 === 1 ? 'UTILITY' : index % 17 === 16 ? 'DESIGN' : 'PATENT',
    applicationNumber: appNumber,
    applicationDate: index % 13 === 7 ? null : applicationDate,
    nationalPhaseEntryDate: pct && office !== 'WO' ? addMonths(applicationDate, 30) : null,
    priorityDate: index % 4 === 0 ? addYears(applicationDate, -1) : null,
    publicationNumber: pubNumber,
    publicationDate: published ? addMonths(applicationDate, 18) : null,
    grantPublicationNumber: grantNumber,
    grantDate: granted ? addMonths(applicationDate, 40) : null,
    pctApplicationNumber: pctNumber,
    officialNumbers: {
      applicationNumber: appNumber.replace(/\D/g, ''),
      publicationNumber: pubNumber?.replace(/\s/g, '') ?? null,
      grantPublicationNumber: grantNumber,
      pctApplicationNumber: pctNumber?.replace(/\//g, '') ?? null,
    },
    expirationDate: addYears(applicationDate, 20),
    extendedExpirationDate: index % 12 === 2 ? addYears(applicationDate, 22) : null,
    lapseDate: null,
    renewalsManagedFrom: applicationDate,
    status,
    filingRoute:
      office === 'WO' ? 'PCT' : office === 'EP' ? 'EP' : office === 'EA' ? 'EA' : pct ? 'PCT' : 'NATIONAL',
    applicantType: (['LARGE', 'SMALL', 'MICRO', 'LARGE'] as const)[index % 4] ?? null,
    claimCount: index % 8 === 6 ? null : random.int(5, 30),
    designatedCountries: designated,
    owner: OWNERS[index % OWNERS.length] ?? null,
    secondaryOwners: index % 5 === 1 ? [OWNERS[(index + 1) % OWNERS.length] as string] : null,
    subCase: index % 10 === 9 ? 'DIV1' : null,
    createdAt: created,
    updatedAt: created,
  };
  ctx.store.patents.set(patent.id, patent);
  return patent;
}

function makeEvent(ctx: ServerContext, patent: PatentRecord, due: string, annuityYear: number): EventRecord {
  const { random } = ctx;
  const currency = currencyOf(patent.office);
  const office = money(new Decimal(80 + 35 * annuityYear).plus(new Decimal(random.int(0, 99)).div(100)));
  const event: EventRecord = {
    id: random.uuid(),
    tenantId: patent.tenantId,
    patentId: patent.id,
    eventType: 'RENEWAL',
    dueDate: due,
    gracePeriodEndDate: defaultGracePeriodEnd(due),
    annuityYear,
    // Eurasian annuities are numbered from the third year: their payment sequence differs from the year.
    paymentSequenceNumber: patent.office === 'EA' ? annuityYear - 2 : annuityYear,
    appliedDecision: null,
    processingStatus: 'NOT_INSTRUCTED',
    processingStatusUpdatedAt: null,
    feeBasis: {
      currency,
      office,
      agent: DIRECT_OFFICES.has(patent.office) ? null : money(random.int(60, 180)),
      service: money(currency === 'USD' ? 110 : currency === 'GBP' ? 85 : 95),
      gracePeriodSurcharge: money(new Decimal(office).times(0.5)),
    },
    feesStatus: 'ESTIMATED',
    lockedFees: null,
    invoiceId: null,
    instructionId: null,
    instructionReceiptId: null,
    officialReceipt: null,
    createdAt: patent.createdAt ?? middayUtc(due),
    updatedAt: patent.createdAt ?? middayUtc(due),
  };
  ctx.store.events.set(event.id, event);
  return event;
}

interface TimedAction {
  date: string;
  run: (at: Moment) => void;
}

/** Runs the actions in date order (stable), each at midday UTC of its date. */
function replay(actions: TimedAction[]): void {
  actions
    .map((action, order) => ({ action, order }))
    .sort((a, b) => a.action.date.localeCompare(b.action.date) || a.order - b.order)
    .forEach(({ action }) => action.run(momentOn(action.date)));
}

function seedTenant(ctx: ServerContext, plan: TenantPlan, today: string): Tenant {
  const tenant: Tenant = {
    id: ctx.random.uuid(),
    name: plan.name,
    canFreezeExchangeRates:
      plan.canFreezeExchangeRates &&
      !(plan.slot === 'B' && variantIs(ctx, 'other-tenant-without-freeze-capability')),
    vatNumber: plan.vatNumber,
    frozenMonths: new Set(),
    lastInstructionReceiptNumber: 0,
    lastInvoiceNumber: 0,
    lastOfficialReceiptNumber: 0,
    failNextRequests: 0,
  };
  ctx.store.tenants.set(tenant.id, tenant);

  const instructions: TimedAction[] = [];
  const proceeded: { event: EventRecord; on: string }[] = [];
  plan.scenarios.forEach((scenario, index) => {
    const events = planEvents(scenario, index, today, ctx.random);
    const firstAnnuity = 3 + ctx.random.int(0, 6);
    const firstOpen = events.find((e) => e.instruct === undefined) ?? events[0];
    const openIndex = events.indexOf(firstOpen as EventPlan);
    const patent = makePatent(
      ctx,
      tenant,
      plan,
      index,
      firstOpen?.due ?? today,
      firstAnnuity + openIndex,
      today,
    );
    events.forEach((eventPlan, k) => {
      const event = makeEvent(ctx, patent, eventPlan.due, firstAnnuity + k);
      const instruct = eventPlan.instruct;
      if (instruct === undefined) return;
      instructions.push({
        date: instruct.on,
        run: (at) =>
          executeInstructions(ctx, tenant, [{ eventId: event.id, decision: instruct.decision }], at),
      });
      if (instruct.decision === 'PROCEED') proceeded.push({ event, on: instruct.on });
    });
    if (variantIs(ctx, 'unknown-event-kinds')) {
      // A kind added after RENEWAL (clients ignore kinds they do not handle): due a month before the first
      // open renewal, no renewal data, instructability by the same rule as any event.
      const reminder = makeEvent(
        ctx,
        patent,
        addMonths(firstOpen?.due ?? today, -1),
        firstAnnuity + openIndex,
      );
      reminder.eventType = 'ANNUITY_REMINDER';
    }
  });
  replay(instructions);

  // Billing: PROCEEDs grouped by currency and month, invoiced early the next month; the recent ones stay LOCKED.
  const groups = new Map<string, EventRecord[]>();
  for (const { event, on } of proceeded) {
    const invoiceDate = addDays(firstDayOfMonth(addMonths(on, 1)), 4);
    if (invoiceDate > addDays(today, -2)) continue;
    const key = `${invoiceDate}|${event.feeBasis.currency}`;
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  const billing: TimedAction[] = [];
  const generated: { invoice: () => InvoiceRecord | undefined; date: string; currency: string }[] = [];
  let groupIndex = 0;
  for (const [key, events] of groups) {
    const [date, currency] = key.split('|') as [string, string];
    const imported = groupIndex % 4 === 3;
    groupIndex += 1;
    let invoice: InvoiceRecord | undefined;
    billing.push({
      date,
      run: (at) => {
        // An IMPORTED invoice was entered by hand: its issue date is backdated.
        invoice = invoiceEvents(
          ctx,
          tenant,
          events,
          imported ? 'IMPORTED' : 'GENERATED',
          at,
          imported ? addDays(date, -20) : date,
        );
      },
    });
    if (!imported) generated.push({ invoice: () => invoice, date, currency });
    events.forEach((event, i) => {
      const receiptDate = addDays(date, 15);
      if ((groupIndex + i) % 2 === 0 && receiptDate <= addDays(today, -2)) {
        billing.push({ date: receiptDate, run: (at) => issueOfficialReceipt(ctx, tenant, event, at) });
      }
    });
  }
  const reasons = enumOf('Fees', 'regularizationReason').filter((r): r is RegularizationReason => r !== null);
  // A correction is made once the next invoice of its currency is out (its lines are checked against the
  // following month's run), so the tenant holds corrections of invoices that are not its latest ones.
  const nextInvoiceDate = (date: string, currency: string): string | undefined =>
    [...groups.keys()]
      .map((key) => key.split('|'))
      .filter(([d, c]) => c === currency && d !== undefined && d > date)
      .map(([d]) => d as string)
      .sort()[0];
  generated.slice(0, reasons.length).forEach(({ invoice, date, currency }, i) => {
    const next = nextInvoiceDate(date, currency);
    const regularizationDate =
      next !== undefined && next <= addDays(today, -3) ? addDays(next, 1) : addDays(date, 30);
    if (regularizationDate > addDays(today, -2)) return;
    billing.push({
      date: regularizationDate,
      run: (at) => {
        const original = invoice();
        const first = original?.lines[0]?.eventId;
        if (original === undefined || first === undefined || first === null) return;
        regularizeInvoice(ctx, tenant, original, [first], reasons[i] as RegularizationReason, at);
      },
    });
  });
  for (let i = 0; i < plan.trademarkInvoices; i += 1) {
    billing.push({
      date: addDays(today, -30 - 45 * i),
      run: (at) => recordTrademarkInvoice(ctx, tenant, money(250 + 40 * i), at),
    });
  }
  replay(billing);

  for (const offset of plan.frozenMonthOffsets) freezeMonth(tenant, yearMonthOf(addMonths(today, offset)));
  // A tenant that freezes months holds, on every day, a frozen month with an event invoiced with VAT: the
  // frozen amount of a billed event is then told apart from what its invoice charges.
  if (plan.frozenMonthOffsets.length > 0) {
    const taxed = [...ctx.store.events.values()]
      .filter((e) => e.tenantId === tenant.id && e.feesStatus === 'INVOICED' && e.invoiceId !== null)
      .filter((e) => (ctx.store.invoices.get(e.invoiceId!)?.vatRate ?? 0) > 0)
      .sort((a, b) => b.dueDate.localeCompare(a.dueDate) || a.id.localeCompare(b.id));
    const frozenOnes = taxed.filter((e) => tenant.frozenMonths.has(yearMonthOf(e.dueDate)));
    if (frozenOnes.length === 0 && taxed[0] !== undefined) freezeMonth(tenant, yearMonthOf(taxed[0].dueDate));
  }
  return tenant;
}

/**
 * The minimum test tenant (README, "The minimum test tenant"): the primary tenant holds exactly the patents a
 * complete run reserves, each in the shape of its data state (schemas/data-states.ts; checked by
 * tests/minimum-tenant.test.ts), grouped by shape in the order of the shapes there; the other tenants keep what
 * the isolation, scope and capability tests need.
 */
function minimumPlans(): Record<TenantSlot, Partial<TenantPlan>> {
  const counts = Object.entries(minimumShapes()) as [Scenario, number][];
  return {
    A: { scenarios: counts.flatMap(([shape, count]) => Array<Scenario>(count).fill(shape)) },
    B: { scenarios: ['blocked', 'open'] },
    C: { scenarios: ['open'] },
  };
}

/** Seed profiles: the default data set, or the minimum test tenant. */
export type SeedProfile = 'default' | 'minimum';

export interface SeedOptions {
  seed: number;
  /** Which data set to seed (default: the default one). */
  profile?: SeedProfile;
  /** Daily quota of every key except the low-quota one. */
  dailyQuota?: number;
}

export interface SeedResult {
  keys: Record<KeyRole, string>;
  tenants: Record<TenantSlot, Tenant>;
}

/** The quota of a key; the `daily-quota-other-value` variant serves other numbers (the contract shows none). */
function dailyQuotaOf(ctx: ServerContext, lowQuota: boolean, options: SeedOptions): number {
  if (variantIs(ctx, 'daily-quota-other-value')) return lowQuota ? 17 : 250_000;
  return lowQuota ? LOW_DAILY_QUOTA : (options.dailyQuota ?? DEFAULT_DAILY_QUOTA);
}

export function seedStore(ctx: ServerContext, options: SeedOptions): SeedResult {
  const today = ctx.clock.today();
  const now = ctx.clock.now().getTime();
  const tenants = {} as Record<TenantSlot, Tenant>;
  const minimum = options.profile === 'minimum' ? minimumPlans() : undefined;
  for (const base of TENANT_PLANS) {
    const plan = minimum ? { ...base, ...minimum[base.slot] } : base;
    tenants[plan.slot] = seedTenant(ctx, plan, today);
  }

  const keys = {} as Record<KeyRole, string>;
  const day = 24 * 3600 * 1000;
  for (const role of KEY_ROLES) {
    const spec = KEY_SPECS[role];
    const key = deriveKey(role, options.seed);
    keys[role] = key;
    const hash = sha256Hex(key);
    ctx.store.keysByHash.set(hash, {
      hash,
      role,
      tenantId: tenants[spec.tenant].id,
      scopes: spec.scopes,
      expiresAt: new Date(spec.expired ? now - 30 * day : now + 5 * 365 * day).toISOString(),
      dailyQuota: dailyQuotaOf(ctx, spec.lowQuota === true, options),
    });
  }
  return { keys, tenants };
}
