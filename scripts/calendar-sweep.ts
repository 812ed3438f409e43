/**
 * The mutation run on every day and zone of the calendar matrix (scripts/calendar-matrix.ts), one after the
 * other, each with its references pinned there (REFERENCE_TODAY, REFERENCE_TIME_ZONE) and its reports in
 * reports/calendar/<pair>/. Writes reports/calendar.json and reports/calendar.md; exits non-zero when any pair
 * is not green (the clean reference failed or skipped a test, a fault survived, a variant was failed).
 *
 *   npm run mutation:calendar                              # every pair, the whole catalogue
 *   npm run mutation:calendar -- --pairs 0,4               # some pairs (their indexes in the matrix)
 *   npm run mutation:calendar -- --only a,b                # some faults or variants on every pair
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { reportPaths } from '../helpers/run/report-config';
import { CALENDAR_MATRIX, pairSlug, type CalendarPair } from './calendar-matrix';
import type { MutationSummary } from './mutation';

const ROOT = path.join(__dirname, '..');

interface PairOutcome extends CalendarPair {
  green: boolean;
  exitCode: number | null;
  wallSeconds?: number;
  faults?: number;
  survivors?: string[];
  variants?: number;
  wronglyFailedVariants?: string[];
  cleanFailed?: string[];
  cleanSkipped?: number;
}

export function parseSweepArgs(argv: string[]): { pairs: CalendarPair[]; passThrough: string[] } {
  const passThrough: string[] = [];
  let pairs: CalendarPair[] = [...CALENDAR_MATRIX];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--pairs') {
      const indexes = (argv[++i] ?? '').split(',').map(Number);
      const wrong = indexes.filter((n) => !Number.isInteger(n) || CALENDAR_MATRIX[n] === undefined);
      if (wrong.length)
        throw new Error(`--pairs: no pair ${wrong.join(', ')} (0 to ${CALENDAR_MATRIX.length - 1})`);
      pairs = indexes.map((n) => CALENDAR_MATRIX[n]!);
    } else passThrough.push(argv[i]!);
  }
  return { pairs, passThrough };
}

function runPair(pair: CalendarPair, passThrough: string[], reports: string): PairOutcome {
  const dir = path.join(reports, 'calendar', pairSlug(pair));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  process.stdout.write(`\n== ${pair.today} ${pair.timeZone}: ${pair.covers}\n`);
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'scripts', 'mutation.ts'), '--calendar-pair', ...passThrough],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        REFERENCE_TODAY: pair.today,
        REFERENCE_TIME_ZONE: pair.timeZone,
        REPORTS_DIR: dir,
      },
    },
  );
  const summaryFile = path.join(dir, 'mutation.json');
  if (!fs.existsSync(summaryFile)) return { ...pair, green: false, exitCode: run.status };
  const summary = JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as MutationSummary;
  return {
    ...pair,
    green: run.status === 0,
    exitCode: run.status,
    wallSeconds: summary.wallSeconds,
    faults: summary.faults.length,
    survivors: summary.survivors,
    variants: summary.variants.length,
    wronglyFailedVariants: summary.wronglyFailedVariants,
    cleanFailed: [summary.clean, ...(summary.controls ?? [])].flatMap((c) => [...c.failed, ...c.unanswered]),
    cleanSkipped: summary.clean.skipped,
  };
}

export function sweepMarkdown(outcomes: PairOutcome[]): string {
  const green = outcomes.filter((o) => o.green).length;
  return [
    '# Calendar matrix: the mutation run on each day and zone',
    '',
    `${green} of ${outcomes.length} pairs green.`,
    '',
    '| day | zone | boundary | result | faults killed | variants passing | wall (s) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...outcomes.map((o) => {
      const result = o.green
        ? 'green'
        : o.faults === undefined
          ? `**no result** (exit ${o.exitCode})`
          : `**red**: ${[
              ...(o.survivors ?? []).map((s) => `survivor ${s}`),
              ...(o.wronglyFailedVariants ?? []).map((v) => `variant ${v} failed`),
              ...(o.cleanFailed ?? []).map((t) => `clean failed ${t}`),
              ...(o.cleanSkipped ? [`clean skipped ${o.cleanSkipped}`] : []),
            ].join('<br>')}`;
      const killed = o.faults === undefined ? '' : `${o.faults - (o.survivors?.length ?? 0)}/${o.faults}`;
      const passing =
        o.variants === undefined
          ? ''
          : `${o.variants - (o.wronglyFailedVariants?.length ?? 0)}/${o.variants}`;
      return `| ${o.today} | ${o.timeZone} | ${o.covers} | ${result} | ${killed} | ${passing} | ${o.wallSeconds ?? ''} |`;
    }),
    '',
  ].join('\n');
}

function main(): number {
  const { pairs, passThrough } = parseSweepArgs(process.argv.slice(2));
  const reports = reportPaths().dir;
  const outcomes: PairOutcome[] = [];
  for (const pair of pairs) {
    outcomes.push(runPair(pair, passThrough, reports));
    // Written after each pair: a long sweep stopped half-way keeps what it measured.
    fs.writeFileSync(path.join(reports, 'calendar.json'), `${JSON.stringify(outcomes, null, 2)}\n`);
    fs.writeFileSync(path.join(reports, 'calendar.md'), sweepMarkdown(outcomes));
  }
  const red = outcomes.filter((o) => !o.green);
  process.stdout.write(
    `\ncalendar matrix: ${outcomes.length - red.length} of ${outcomes.length} pairs green` +
      (red.length ? `; red: ${red.map((o) => `${o.today} ${o.timeZone}`).join(', ')}` : '') +
      '\nreport: reports/calendar.md\n',
  );
  return red.length ? 1 : 0;
}

if (require.main === module) process.exit(main());
