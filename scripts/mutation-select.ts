/**
 * Which references a mutation run serves (scripts/mutation.ts): the clean reference, the faults and the groups of
 * variants its arguments select, the clean controls of the faults pinned to a day and zone of their own, and the
 * calendar sample (scripts/calendar-matrix.ts).
 */
import { FAULTS } from '../reference/faults';
import type { FaultCalendar, FaultDefinition, VariantDefinition } from '../reference/faults/catalogue-types';
import { VARIANTS } from '../reference/variants';
import type { ReferenceKind } from './mutation-profile';
import { variantGroups } from './variant-groups';
import { CALENDAR_SAMPLE, DATE_RULES } from './calendar-matrix';

export const CLEAN = 'clean';

export type Kind = ReferenceKind;

export interface TargetSpec {
  project: string;
  kind: Kind;
  name: string;
  fault?: FaultDefinition;
  /** One variant, or a group of variants whose switches never meet (scripts/variant-groups.ts). */
  variants?: VariantDefinition[];
  /** Spec base names to run (a fault's first passes); undefined: the whole suite. */
  specs?: string[];
  /** Only the tests citing these requirement ids (a fault's first pass). */
  ids?: string[];
  /** A reference pinned to a fault's calendar (the fault's own, or its clean control's). */
  calendar?: Pick<FaultCalendar, 'today' | 'timeZone'>;
}

export interface Args {
  only?: Set<string>;
  sample?: number;
  /**
   * One pair of the calendar sweep: the references on the pair's day and zone only. The sample and the faults
   * pinned to days of their own (with their controls) are left out: they are the same on every pair, and every
   * `npm run mutation` serves them.
   */
  calendarPair?: boolean;
  /** Every variant in a reference of its own (no groups). */
  ungrouped?: boolean;
}

export function parseArgs(argv: string[]): Args {
  const out: Args = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--only') out.only = new Set((argv[++i] ?? '').split(',').filter(Boolean));
    else if (argv[i] === '--sample') out.sample = Number(argv[++i]);
    else if (argv[i] === '--ungrouped') out.ungrouped = true;
    else if (argv[i] === '--calendar-pair') out.calendarPair = true;
  }
  return out;
}

/** A reference with one variant, or a group of them (named by its index: member lists make names too long for files). */
export const variantTarget = (members: VariantDefinition[], group?: number): TargetSpec => {
  const name = members.length === 1 ? members[0]!.name : `group ${group} (${members.length} variants)`;
  return { project: `variant:${name}`, kind: 'variant', name, variants: members };
};

/** A representative part: entries spread evenly over a catalogue (whose order follows the areas). */
function spread<T>(entries: readonly T[], size: number): T[] {
  if (size >= entries.length) return [...entries];
  const step = entries.length / size;
  return Array.from({ length: size }, (_, i) => entries[Math.floor(i * step)]!);
}

/**
 * A reference pinned to a day and zone is named `<reference> on <day> <zone>` (no `@`: Playwright reads a word
 * starting with one in a describe title as a tag of every test inside).
 */
export const ON = ' on ';

/** The name of a calendar: its day and zone. */
export const calendarName = (c: Pick<FaultCalendar, 'today' | 'timeZone'>) => `${c.today} ${c.timeZone}`;

/**
 * A clean reference for each day and zone a selected fault is pinned to: the control that tells the fault's
 * kill from a test that fails on that day whatever the implementation. It must pass like the clean one.
 */
function calendarControls(faults: readonly FaultDefinition[]): TargetSpec[] {
  const calendars = new Map<string, FaultCalendar>();
  for (const f of faults) if (f.calendar) calendars.set(calendarName(f.calendar), f.calendar);
  return [...calendars].map(([name, { today, timeZone }]) => ({
    project: `${CLEAN}${ON}${name}`,
    kind: 'clean' as const,
    name: `${CLEAN}${ON}${name}`,
    calendar: { today, timeZone },
  }));
}

/**
 * The calendar sample (scripts/calendar-matrix.ts): on each of its pairs, a clean reference and the faults of
 * the date rules, so that every run, on any day, also judges the suite on those days and zones.
 */
function calendarSample(faults: readonly FaultDefinition[]): TargetSpec[] {
  const dated = faults.filter((f) => !f.calendar && f.requirements.some((r) => DATE_RULES.has(r)));
  return CALENDAR_SAMPLE.flatMap(({ today, timeZone }) => {
    const at = `${ON}${calendarName({ today, timeZone })}`;
    return [
      {
        project: `${CLEAN}${at}`,
        kind: 'clean' as const,
        name: `${CLEAN}${at}`,
        calendar: { today, timeZone },
      },
      ...dated.map((fault) => ({
        project: `fault:${fault.name}${at}`,
        kind: 'fault' as const,
        name: `${fault.name}${at}`,
        fault,
        calendar: { today, timeZone },
      })),
    ];
  });
}

/** Faults one run cannot see (they drift between runs): judged by tests/fact-ledger.test.ts instead. */
export const ACROSS_RUNS_FAULTS = FAULTS.filter((f) => f.acrossRuns);

export function selectTargets(args: Args): TargetSpec[] {
  let faults: readonly FaultDefinition[] = FAULTS.filter(
    (f) => !f.acrossRuns && !(args.calendarPair && f.calendar),
  );
  let variants: readonly VariantDefinition[] = VARIANTS;
  if (args.only) {
    const unknown = [...args.only].filter(
      (n) => !FAULTS.some((f) => f.name === n) && !VARIANTS.some((v) => v.name === n),
    );
    if (unknown.length) throw new Error(`unknown fault or variant: ${unknown.join(', ')}`);
    faults = faults.filter((f) => args.only!.has(f.name));
    variants = VARIANTS.filter((v) => args.only!.has(v.name));
  } else if (args.sample) {
    faults = spread(faults, args.sample);
    variants = spread(VARIANTS, Math.max(3, Math.round(args.sample / 4)));
  }
  const all: TargetSpec[] = [
    { project: CLEAN, kind: 'clean', name: CLEAN },
    ...calendarControls(faults),
    ...(args.only || args.calendarPair ? [] : calendarSample(faults)),
    ...faults.map((fault) => ({
      project: `fault:${fault.name}`,
      kind: 'fault' as const,
      name: fault.name,
      fault,
      ...(fault.calendar ? { calendar: fault.calendar } : {}),
    })),
    ...(args.ungrouped
      ? variants.map((variant) => [variant])
      : variantGroups(variants.map((v) => v.name)).map((names) =>
          names.map((name) => variants.find((v) => v.name === name)!),
        )
    ).map((members, i) => variantTarget(members, i + 1)),
  ];
  // A fault's calendar may be a sample pair too: one clean control for it.
  return all.filter((t, i) => all.findIndex((u) => u.project === t.project) === i);
}
