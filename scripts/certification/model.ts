/**
 * The certification of a run: for every requirement of the catalogue, the verdict (passed, failed, not
 * tested) and the tests that decided it, with an overall verdict on the MUST requirements. The baseline of
 * known failures plays no part here: a known failure is still a failure.
 *
 * Rendered by ./markdown.ts and ./html.ts; written by the certify command (./cli.ts).
 */
import path from 'node:path';
import { LEVELS, loadRequirements, type Level, type Requirement } from '../../schemas/requirements';
import { CHECK_NOTE, type PreflightRecord } from '../../helpers/run/run-record';
import { REASON_KIND_MEANING, REASON_KINDS } from '../../helpers/run/report-config';
import type {
  ExchangeEvidence,
  FailureEvidence,
  FailureKind,
  InvariantRecord,
  Outcome,
  RunResults,
  SkipKind,
} from '../run-results';
import { unanswered } from '../run-results';

/**
 * `warned`: every test passed, but one recorded a SHOULD or MAY deviation; never counted as passed.
 * `in part`: verified on what the run judged (passing tests, answers its judge judged without a breach), while
 * some of its tests were left out by a setting of the run (a read-only gate: no ALLOW_WRITES); never passed.
 * `not applicable`: what it judges never appeared, because the target uses a freedom the contract grants and
 * the catalogue quotes (`emptiedBy`: receipts whose number is always null); it does not block "conformant".
 */
export type Verdict = 'passed' | 'warned' | 'in part' | 'not applicable' | 'failed' | 'not tested';
export type OverallVerdict = 'conformant' | 'not conformant' | 'incomplete' | 'not run';

export interface DecidingTest {
  title: string;
  project: string;
  file: string;
  line: number;
  outcome: Outcome;
  skipReason?: string;
  /** Skipped tests: the kind of the reason (`target`: suspicious). */
  skipKind?: SkipKind;
  warnings?: string[];
  error?: string;
  failureKind?: FailureKind;
  /**
   * Failed tests: the exchanges (keys redacted) and the curl reproduction, so a vendor can replay it; skipped
   * tests of the `target` kind: the answer that removed the precondition, the same way.
   */
  evidence?: FailureEvidence;
}

/** The order in which reports show the kinds of "not verified": the suspicious one first. */
export const SKIP_KINDS: readonly SkipKind[] = [...REASON_KINDS, 'unclassified'];

/** What each kind means, in the words of the reports. */
export const SKIP_KIND_MEANING: Record<SkipKind, string> = {
  ...REASON_KIND_MEANING,
  unclassified:
    'skipped by no helper of the suite (the run stopped before the test, or another tool skipped it)',
};

/** A kind as the totals and the tests' lines name it: the suspicious one says so. */
export const kindLabel = (kind: SkipKind) => (kind === 'target' ? 'target (suspicious)' : kind);

/** One test not verified (skipped), with the requirements it cites. */
export interface NotVerifiedTest {
  ids: string[];
  title: string;
  project: string;
  file: string;
  line: number;
  reason: string;
  /** The `target` kind: the answer that removed the precondition. */
  evidence?: FailureEvidence;
}

/** The tests not verified for reasons of one kind. */
export interface NotVerifiedGroup {
  kind: SkipKind;
  /** True for the `target` kind: the target's own answer removed the precondition, which a bug would do too. */
  suspicious: boolean;
  meaning: string;
  tests: NotVerifiedTest[];
}

export interface RequirementVerdict {
  id: string;
  area: string;
  areaTitle: string;
  level: Level;
  section: string;
  clause: string;
  requirement: string;
  verdict: Verdict;
  /** False when the catalogue states why no HTTP test can verify the entry. */
  testable: boolean;
  /** Why the requirement is not tested (or, when failed, a one-line summary). */
  reason?: string;
  tests: DecidingTest[];
  /** When an invariant of the registry decides it: the answers it judged in the run, and its first breaches. */
  invariant?: Judged;
}

export interface Totals {
  total: number;
  passed: number;
  warned: number;
  inPart: number;
  notApplicable: number;
  failed: number;
  notTested: number;
}

export interface Certification {
  title: string;
  target: string;
  // ---- network (issue 17)
  /** Set when the run's TLS checks were weakened (INSECURE_TLS): shown under the target. */
  weakened?: string;
  // ---- end network
  /** When the run started (from the results file). */
  runDate: string;
  /** The longest wait for background work the run allowed, and where it came from (the contract bounds none). */
  asyncWait: string;
  generatedAt: string;
  suiteVersion: string;
  contractVersion: string;
  catalogueVersion: number;
  resultsFile: string;
  resultsSha256: string;
  overall: OverallVerdict;
  explanation: string;
  totals: {
    requirements: Totals;
    byLevel: (Totals & { level: Level })[];
    byArea: (Totals & { area: string; title: string })[];
    tests: { total: number; passed: number; failed: number; skipped: number };
    /** The skipped tests by the kind of their reason (every kind, zeros included). */
    notVerifiedByKind: Record<SkipKind, number>;
  };
  /** The skipped tests grouped by the kind of their reason, the suspicious kind first; only kinds that occur. */
  notVerified: NotVerifiedGroup[];
  /** MUST requirements that failed. */
  mustFailed: string[];
  /** Testable MUST requirements that no test verified in this run (skipped or absent): they block "conformant". */
  mustNotVerified: { id: string; reason: string }[];
  /** MUST requirements verified in part (tests left out by a setting): they block "conformant" too. */
  mustInPart: { id: string; reason: string }[];
  /** Requirements the catalogue marks as not testable over HTTP (they do not block). */
  notTestable: { id: string; level: Level; reason: string }[];
  /** Requirements warned (a SHOULD or MAY deviation recorded), and SHOULD and MAY ones that failed: reported, not blocking. */
  warnings: string[];
  runErrors: string[];
  /** Tests citing ids the catalogue does not have, and tests citing none. */
  unknownIds: string[];
  untracedTests: string[];
  requirements: RequirementVerdict[];
}

/** The columns of every totals table and line, in order: each rendering reads them from here. */
export const TOTALS_COLUMNS: readonly { key: Exclude<keyof Totals, 'total'>; label: string }[] = [
  { key: 'passed', label: 'passed' },
  { key: 'warned', label: 'warned' },
  { key: 'inPart', label: 'in part' },
  { key: 'notApplicable', label: 'not applicable' },
  { key: 'failed', label: 'failed' },
  { key: 'notTested', label: 'not tested' },
];

/** The totals in words: "319 requirements: 200 passed, 0 warned, 75 in part, 0 failed, 44 not tested". */
export const totalsInWords = (t: Totals) =>
  `${t.total} requirements: ${TOTALS_COLUMNS.map((c) => `${t[c.key]} ${c.label}`).join(', ')}`;

const unique = <T>(values: T[]) => [...new Set(values)];

/** What the judges of a requirement saw in the run: answers judged, breaches, subjects emptied by a freedom. */
type Judged = Pick<InvariantRecord, 'judged' | 'breaches' | 'emptied'>;

/** The verdict of a requirement whose subject never appeared, under the freedom its catalogue entry quotes. */
const notApplicable = (freedom: string, seen: string): Pick<RequirementVerdict, 'verdict' | 'reason'> => ({
  verdict: 'not applicable',
  reason: `not applicable: the target uses a freedom the contract grants (${freedom}); ${seen}`,
});

/**
 * The verdict of a requirement no test cites but an invariant of the registry decides: passed when it
 * judged answers and none broke it, failed on a breach, not tested when it judged no answer.
 */
function invariantVerdict(
  invariant: Judged,
  level: Requirement['level'],
): Pick<RequirementVerdict, 'verdict' | 'reason'> {
  // A SHOULD or MAY an answer broke is a warning, as when a test records it.
  if (invariant.breaches.length > 0)
    return {
      verdict: level === 'MUST' ? 'failed' : 'warned',
      reason: `its invariant was broken: ${invariant.breaches[0]}`,
    };
  if (invariant.judged > 0)
    return { verdict: 'passed', reason: `its invariant judged ${invariant.judged} answer(s) of the run` };
  return { verdict: 'not tested', reason: 'its invariant judged no answer of the run' };
}

/** What a judge saw, in the words of a reason. */
const judgedWords = (invariant: { judged: number } | undefined) =>
  invariant && invariant.judged > 0 ? `its judge judged ${invariant.judged} answer(s) without a breach` : '';

function verdictFor(
  requirement: Requirement,
  tests: DecidingTest[],
  invariant: Judged | undefined,
): Pick<RequirementVerdict, 'verdict' | 'reason'> {
  const emptied = invariant?.emptied ?? 0;
  if (tests.length === 0 && invariant) {
    if (requirement.emptiedBy && emptied > 0 && invariant.judged === 0 && invariant.breaches.length === 0)
      return notApplicable(requirement.emptiedBy, `${emptied} answer(s) showed its subject without a value`);
    return invariantVerdict(invariant, requirement.level);
  }
  if (tests.length === 0) {
    return {
      verdict: 'not tested',
      reason: requirement.notTestedReason
        ? `not testable over HTTP: ${requirement.notTestedReason}`
        : 'no test in this run',
    };
  }
  // A test that ended because the target did not answer (reset, refused, timed out) judged nothing: the
  // contract bounds no duration and a dropped connection shows no behaviour. It could not judge.
  const couldNotJudge = tests.filter(unanswered);
  const failed = tests.filter((t) => t.outcome === 'failed' && !unanswered(t));
  if (failed.length > 0) {
    const kinds = unique(failed.map((t) => t.failureKind ?? 'contract violation'));
    return {
      verdict: 'failed',
      reason:
        `${failed.length} of ${tests.length} test(s) failed (${kinds.join(', ')})` +
        (couldNotJudge.length ? `; ${couldNotJudge.length} could not judge (the target did not answer)` : ''),
    };
  }
  // A breach its judge saw is a breach, whichever test received the answer and whatever became of the tests.
  if (invariant && invariant.breaches.length > 0) return invariantVerdict(invariant, requirement.level);
  if (couldNotJudge.length > 0) {
    return {
      verdict: 'not tested',
      reason:
        `could not judge: the target did not answer ${couldNotJudge.length} of ${tests.length} test(s) ` +
        '(a connection reset or refused, or no answer in time); no behaviour was observed',
    };
  }
  // A test with nothing to judge under a freedom the catalogue quotes for the requirement is no gap of the run.
  const emptiedTests = requirement.emptiedBy ? tests.filter((t) => t.skipKind === 'freedom') : [];
  const skipped = tests.filter((t) => t.outcome === 'skipped' && !emptiedTests.includes(t));
  const warnings = unique(tests.flatMap((t) => t.warnings ?? []));
  const emptiedWords = emptiedTests.length
    ? `${emptiedTests.length} of ${tests.length} test(s) found nothing to judge under a freedom the contract grants (${requirement.emptiedBy})`
    : undefined;
  if (skipped.length === 0 && warnings.length > 0) return { verdict: 'warned', reason: warnings.join('; ') };
  if (skipped.length === 0 && emptiedTests.length === tests.length)
    return notApplicable(
      requirement.emptiedBy!,
      `${tests.length} test(s) found nothing to judge: ${unique(emptiedTests.map((t) => t.skipReason ?? 'skipped')).join('; ')}`,
    );
  if (skipped.length === 0) return { verdict: 'passed', ...(emptiedWords ? { reason: emptiedWords } : {}) };
  const reasons = unique(skipped.map((t) => t.skipReason ?? 'skipped')).join('; ');
  const passed = tests.filter((t) => t.outcome === 'passed').length;
  const judged = [
    passed > 0 ? `${passed} of ${tests.length} tests ran and passed` : '',
    judgedWords(invariant),
  ]
    .filter(Boolean)
    .join('; ');
  // Left out by a setting of the run alone, on a requirement the run did judge: verified as far as it went.
  if (judged && skipped.every((t) => t.skipKind === 'setting'))
    return { verdict: 'in part', reason: `verified in part: ${judged}; left out by a setting: ${reasons}` };
  return {
    verdict: 'not tested',
    reason: judged ? `only ${judged}; skipped: ${reasons}` : `skipped: ${reasons}`,
  };
}

/** The skipped tests of the run by the kind of their reason, in SKIP_KINDS order, kinds without a test left out. */
function notVerifiedGroups(run: RunResults): NotVerifiedGroup[] {
  const skipped = run.tests.filter((t) => t.outcome === 'skipped');
  return SKIP_KINDS.map((kind) => ({
    kind,
    suspicious: kind === 'target',
    meaning: SKIP_KIND_MEANING[kind],
    tests: skipped
      .filter((t) => (t.skipKind ?? 'unclassified') === kind)
      .map((t) => ({
        ids: t.ids,
        title: t.title,
        project: t.project,
        file: t.file,
        line: t.line,
        reason: t.skipReason ?? 'skipped',
        ...(t.evidence ? { evidence: t.evidence } : {}),
      })),
  })).filter((g) => g.tests.length > 0);
}

function count(verdicts: RequirementVerdict[]): Totals {
  return {
    total: verdicts.length,
    passed: verdicts.filter((v) => v.verdict === 'passed').length,
    warned: verdicts.filter((v) => v.verdict === 'warned').length,
    inPart: verdicts.filter((v) => v.verdict === 'in part').length,
    notApplicable: verdicts.filter((v) => v.verdict === 'not applicable').length,
    failed: verdicts.filter((v) => v.verdict === 'failed').length,
    notTested: verdicts.filter((v) => v.verdict === 'not tested').length,
  };
}

function metadataString(run: RunResults, key: string): string | undefined {
  const value = run.metadata[key];
  return typeof value === 'string' && value ? value : undefined;
}

export interface BuildOptions {
  now?: Date;
  /** Overrides what the results file records. */
  target?: string;
  suiteVersion?: string;
  contractVersion?: string;
}

export function buildCertification(run: RunResults, options: BuildOptions = {}): Certification {
  const catalogue = loadRequirements();
  const areaTitle = new Map(catalogue.areas.map((a) => [a.key as string, a.title]));
  const active = catalogue.requirements.filter((r) => !r.retired);
  const known = new Set(catalogue.requirements.map((r) => r.id));

  const testsById = new Map<string, DecidingTest[]>();
  for (const test of run.tests) {
    for (const id of unique(test.ids)) {
      const deciding: DecidingTest = {
        title: test.title,
        project: test.project,
        file: test.file,
        line: test.line,
        outcome: test.outcome,
        ...(test.skipReason ? { skipReason: test.skipReason } : {}),
        ...(test.skipKind ? { skipKind: test.skipKind } : {}),
        ...(test.warnings ? { warnings: test.warnings } : {}),
        ...(test.error ? { error: test.error } : {}),
        ...(test.failureKind ? { failureKind: test.failureKind } : {}),
        ...(test.evidence ? { evidence: test.evidence } : {}),
      };
      testsById.set(id, [...(testsById.get(id) ?? []), deciding]);
    }
  }

  // An invariant's record is kept by requirement: several invariants may decide one requirement.
  const invariants = new Map<string, Judged>();
  for (const record of run.invariants ?? []) {
    const held = invariants.get(record.id) ?? { judged: 0, breaches: [] };
    const emptied = (held.emptied ?? 0) + (record.emptied ?? 0);
    invariants.set(record.id, {
      judged: held.judged + record.judged,
      breaches: [...held.breaches, ...record.breaches],
      ...(emptied > 0 ? { emptied } : {}),
    });
  }

  const requirements: RequirementVerdict[] = active.map((r) => {
    const tests = testsById.get(r.id) ?? [];
    const invariant = invariants.get(r.id);
    return {
      id: r.id,
      area: r.area,
      areaTitle: areaTitle.get(r.area) ?? r.area,
      level: r.level,
      section: r.section,
      clause: r.clause,
      requirement: r.requirement,
      testable: !r.notTestedReason,
      ...verdictFor(r, tests, invariant),
      tests,
      ...(invariant ? { invariant } : {}),
    };
  });

  const must = requirements.filter((r) => r.level === 'MUST');
  const mustFailed = must.filter((r) => r.verdict === 'failed').map((r) => r.id);
  const mustNotVerified = must
    .filter((r) => r.verdict === 'not tested' && r.testable)
    .map((r) => ({ id: r.id, reason: r.reason ?? 'not tested' }));
  const mustInPart = must
    .filter((r) => r.verdict === 'in part')
    .map((r) => ({ id: r.id, reason: r.reason ?? 'verified in part' }));
  const notTestable = requirements
    .filter((r) => !r.testable && r.verdict === 'not tested')
    .map((r) => ({ id: r.id, level: r.level, reason: r.reason ?? '' }));
  const warnings = requirements
    .filter((r) => r.verdict === 'warned' || (r.level !== 'MUST' && r.verdict === 'failed'))
    .map((r) => r.id);

  let overall: OverallVerdict;
  let explanation: string;
  if (mustFailed.length > 0) {
    overall = 'not conformant';
    explanation = `${mustFailed.length} MUST requirement(s) failed: ${mustFailed.join(', ')}.`;
  } else if (mustNotVerified.length > 0 || mustInPart.length > 0 || run.errors.length > 0) {
    overall = 'incomplete';
    explanation =
      `No MUST requirement failed, but ${mustNotVerified.length} testable MUST requirement(s) were not verified ` +
      `in this run (a skipped or absent test cannot count as a pass)` +
      (mustInPart.length > 0
        ? ` and ${mustInPart.length} were verified in part (some of their tests left out by a setting)`
        : '') +
      (run.errors.length > 0
        ? `, and the run reported ${run.errors.length} error(s) outside the tests`
        : '') +
      '.';
  } else {
    overall = 'conformant';
    explanation =
      `Every testable MUST requirement (${must.filter((r) => r.testable).length}) passed. ` +
      `${notTestable.length} requirement(s) cannot be tested over HTTP and are listed with their reason.`;
  }

  const tests = run.tests;
  const notVerified = notVerifiedGroups(run);
  const suspicious = notVerified.find((g) => g.suspicious)?.tests.length ?? 0;
  if (suspicious > 0)
    explanation +=
      ` ${suspicious} test(s) were not verified because of the target's own answers (suspicious: ` +
      'see "Not verified, by kind", with the exchange that removed each precondition).';
  const catalogueIds = unique(tests.flatMap((t) => t.ids));
  return {
    title: 'Patent Renewal Service External API v2: conformance certification',
    target: options.target ?? metadataString(run, 'target') ?? 'not recorded in the results',
    ...(metadataString(run, 'weakened') ? { weakened: metadataString(run, 'weakened') } : {}), // network (issue 17)
    runDate: run.startTime ?? 'not recorded in the results',
    asyncWait: metadataString(run, 'asyncWait') ?? 'not recorded in the results',
    generatedAt: (options.now ?? new Date()).toISOString(),
    suiteVersion: options.suiteVersion ?? metadataString(run, 'suiteVersion') ?? 'not recorded',
    contractVersion: options.contractVersion ?? metadataString(run, 'contractVersion') ?? 'not recorded',
    catalogueVersion: catalogue.version,
    resultsFile: path.basename(run.file),
    resultsSha256: run.sha256,
    overall,
    explanation,
    totals: {
      requirements: count(requirements),
      byLevel: LEVELS.map((level) => ({ level, ...count(requirements.filter((r) => r.level === level)) })),
      byArea: catalogue.areas.map((a) => ({
        area: a.key,
        title: a.title,
        ...count(requirements.filter((r) => r.area === a.key)),
      })),
      tests: {
        total: tests.length,
        passed: tests.filter((t) => t.outcome === 'passed').length,
        failed: tests.filter((t) => t.outcome === 'failed').length,
        skipped: tests.filter((t) => t.outcome === 'skipped').length,
      },
      notVerifiedByKind: Object.fromEntries(
        SKIP_KINDS.map((kind) => [kind, notVerified.find((g) => g.kind === kind)?.tests.length ?? 0]),
      ) as Record<SkipKind, number>,
    },
    notVerified,
    mustFailed,
    mustNotVerified,
    mustInPart,
    notTestable,
    warnings,
    runErrors: run.errors,
    unknownIds: catalogueIds.filter((id) => !known.has(id)).sort(),
    untracedTests: tests.filter((t) => t.ids.length === 0).map((t) => t.title),
    requirements,
  };
}

/** An exchange as a vendor reads it: request line, headers, body; then status, headers, body. */
export function exchangeText(e: ExchangeEvidence): string {
  const headers = (h: Record<string, string>) => Object.entries(h).map(([n, v]) => `${n}: ${v}`);
  return [
    `${e.request.method} ${e.request.url}`,
    ...headers(e.request.headers),
    ...(e.request.body === undefined ? [] : ['', e.request.body]),
    '',
    `→ ${e.response.status}${e.retryAttempt ? ` (retry ${e.retryAttempt})` : ''}${e.shared ? ' (read shared with other tests)' : ''}`,
    ...headers(e.response.headers),
    '',
    e.response.body,
  ].join('\n');
}

/** A verdict as every rendering writes it. */
export const VERDICT_WORDS: Record<OverallVerdict, string> = {
  conformant: 'CONFORMANT',
  'not conformant': 'NOT CONFORMANT',
  incomplete: 'INCOMPLETE',
  'not run': 'NOT RUN',
};

/** How to read the verdicts: the rules of `verdictFor` and of the overall verdict, in words. */
export const EXPLAINER = [
  'Each requirement is one normative statement of the contract, with a level: MUST (required behaviour), ' +
    'SHOULD (behaviour the contract gives as an example; a deviation is a warning) or MAY (a freedom the ' +
    'service may use; the suite checks it tolerates it).',
  'A requirement PASSED when every test that checks it passed; FAILED when any of them, or its judge on any ' +
    'answer of the run, observed behaviour the contract forbids; IN PART when the tests that ran passed and its ' +
    'judge saw no breach, but some of its tests were left out by a setting of the run (a read-only run: the ' +
    'reason names the setting); NOT APPLICABLE when what it judges never appeared because the target uses a ' +
    'freedom the contract grants, quoted in the reason (receipts whose number is always null: "integer or null"); ' +
    'NOT TESTED when its tests were skipped (a key, setting or data precondition was ' +
    'missing: the reason names it), when the target did not answer them (a connection reset or refused, no ' +
    'answer in time: they could not judge), when this run had no test for it, or when it cannot be tested ' +
    'over HTTP at all (the reason says why).',
  'A test NOT VERIFIED says why, by kind: a setting of the run (a key role, ALLOW_WRITES...), the data of the ' +
    "target (no event in the state a test needs), a time bound the contract does not give, or the target's own " +
    'answer: a precondition its behaviour removed (a freeze PUT that shows no frozen event). The last is ' +
    'SUSPICIOUS, since a bug would remove it as well, and is shown first, with the exchange that removed it.',
  'The target is CONFORMANT only when every testable MUST requirement passed. When none failed but some ' +
    'were not verified, or verified in part only, the verdict is INCOMPLETE.',
];

/**
 * The certification of a run whose preflight refused the target: no test ran, so nothing is verified;
 * the verdict is NOT RUN and the explanation is the preflight's message.
 */
export function notRunCertification(preflight: PreflightRecord, options: BuildOptions = {}): Certification {
  const empty: RunResults = {
    tests: [],
    errors: [],
    startTime: preflight.startedAt,
    metadata: preflight.target ? { target: preflight.target } : {},
    sha256: '(none: no test ran)',
    file: 'none',
  };
  const settings =
    (preflight.settings?.length ? ` Setting to fix: ${preflight.settings.join(', ')}.` : '') +
    (preflight.check?.length ? ` Setting to check: ${preflight.check.join(', ')} (${CHECK_NOTE}).` : '');
  return {
    ...buildCertification(empty, options),
    overall: 'not run',
    explanation:
      `The suite did not run (run ${preflight.runId}): the preflight refused the target: ` +
      `${preflight.message ?? 'no message recorded'}.${settings}`,
  };
}
