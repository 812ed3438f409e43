/**
 * The minimum test tenant (README, helpers/contract/data-states.ts): the reference seeded with exactly the documented
 * minimum serves every data state, a run against it with every setting allowed skips nothing, and the
 * README's table is the one the data module gives. A tenant short of one state is reported as such. What the
 * tests ask of each state is what their calls recorded in that run (schemas/generated/data-state-uses.ts).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createReferenceServer } from '../reference/server';
import {
  DATA_STATES,
  dataStateCounts,
  dataStateReport,
  minimumTenantMarkdown,
  README_END,
  README_START,
  reservationPlan,
  STATE_USE_ANNOTATION,
  stateUseNote,
  usesOfReport,
  type ReportSuite,
} from '../helpers/contract/data-states';
import { DATA_STATE_USES, MINIMUM_TENANT_WORKERS } from '../schemas/data-states';
import { KEY_SETTINGS } from '../helpers/run/settings';
import { primaryEvents } from './tenant-events-support';

const ROOT = path.join(__dirname, '..');
/** The workers of the run below (the sync tests need one patent per worker). */
const WORKERS = MINIMUM_TENANT_WORKERS;

void test('the README shows the minimum test tenant of helpers/contract/data-states.ts', () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  assert.ok(start >= 0 && end > start, 'README.md has the data-states block');
  assert.equal(
    readme.slice(start, end + README_END.length),
    minimumTenantMarkdown().join('\n'),
    'README.md is out of date: run npx tsx scripts/gen-data-states.ts',
  );
});

void test('every state has tests that need it, and every claimed state counts claims', () => {
  for (const state of DATA_STATES) {
    assert.ok(state.tests.length > 0, `${state.id} names no test`);
    if (state.kind === 'claimed') assert.ok(state.needed(1) > 0, `${state.id} counts no claim`);
  }
});

void test("a run's record gives each state its tests (by the ids of their titles) and its claims", () => {
  const annotated = (ids: string[], ...uses: string[]) => ({
    annotations: [
      ...ids.map((id) => ({ type: 'requirement', description: id })),
      ...uses.map((description) => ({ type: STATE_USE_ANNOTATION, description })),
    ],
  });
  const ran = (ids: string[], ...uses: string[]) => ({ results: [annotated(ids, ...uses)] });
  const suites: ReportSuite[] = [
    {
      specs: [
        {
          title: '[INS-015, INS-002] two claims in one test',
          tests: [ran(['INS-015', 'INS-002'], 'claim proceedable', 'claim proceedable')],
        },
        { title: '[SYNC-041] one', tests: [ran(['SYNC-041'], stateUseNote('worker claim', 'sync-target'))] },
      ],
      suites: [
        {
          specs: [
            { title: '[SYNC-041] two', tests: [ran(['SYNC-041'], 'worker claim sync-target')] },
            { title: '[PER-002] a reader', tests: [ran(['PER-002'], 'need unchanged', 'need unchanged')] },
            { title: '[PAT-001] no state', tests: [ran(['PAT-001'])] },
          ],
        },
      ],
    },
  ];
  const uses = usesOfReport(suites);
  assert.deepEqual(uses.proceedable, { tests: ['INS-015, INS-002'], claims: 2, perWorkerTests: 0 });
  assert.deepEqual(uses['sync-target'], { tests: ['SYNC-041'], claims: 0, perWorkerTests: 2 });
  assert.deepEqual(uses.unchanged, { tests: ['PER-002'], claims: 0, perWorkerTests: 0 });
  assert.deepEqual(uses.lapsed, { tests: [], claims: 0, perWorkerTests: 0 });
});

void test('the minimum seed holds exactly the patents the plan reserves, one state each', async () => {
  const server = createReferenceServer({ seedProfile: 'minimum' });
  const { url, close } = await server.listen(0, '127.0.0.1');
  try {
    const events = await primaryEvents(url, server.keys.all);
    const patents = new Set(events.map((e) => e.patent.id));
    const plan = reservationPlan(events, WORKERS);
    const reservedStates = DATA_STATES.filter((s) => s.kind !== 'present');
    const needed = reservedStates.reduce((sum, s) => sum + s.needed(WORKERS), 0);
    assert.equal(patents.size, needed, 'patents of the minimum primary tenant');
    assert.equal(plan.size, needed, 'every patent is reserved for one state');
    for (const { state, needed: n, reserved, has } of dataStateCounts(events, WORKERS)) {
      if (state.kind === 'present') assert.ok(has >= n, `${state.id}: ${has} of ${n}`);
      else assert.equal(reserved, n, `${state.id}: ${reserved} reserved, ${n} needed`);
    }
    const report = dataStateReport(events, { workers: WORKERS, label: 'the minimum tenant', complete: true });
    assert.match(report.at(-1)!, /every data state is served/);

    // One patent fewer in the rarest state: the table says which state is short and what stays unverified.
    const blocked = [...plan].find(([, state]) => state === 'earlier-event-pending')![0];
    const short = dataStateReport(
      events.filter((e) => e.patent.id !== blocked),
      { workers: WORKERS, label: 'a smaller tenant', complete: true },
    );
    const row = short.find((line) => line.includes('SHORT'));
    assert.ok(row, short.join('\n'));
    assert.match(row, /^ {2}earlier-event-pending.*unverified without it: .*(INS-017|EVT-021)/);
    assert.match(short.at(-1)!, /1 data state\(s\) short/);
  } finally {
    await close();
  }
});

void test('a run against the minimum test tenant, every setting allowed, skips nothing', async () => {
  const server = createReferenceServer({ seedProfile: 'minimum' });
  const { url, close } = await server.listen(0, '127.0.0.1');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'minimum-tenant-'));
  try {
    const envFile = path.join(dir, 'minimum.env');
    const lines = [
      `BASE_URL=${url}`,
      ...KEY_SETTINGS.map((k) => `${k.env}=${server.keys[k.role]}`),
      'ALLOW_WRITES=true',
      'ALLOW_INSTRUCTIONS=true',
      'ALLOW_QUOTA_EXHAUSTION=true',
      `PROVIDER_STATES_URL=${url}/__provider-states`,
    ];
    fs.writeFileSync(envFile, `${lines.join('\n')}\n`);
    // Only the file configures the run: no target variable is inherited from this process.
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) =>
          !/^(BASE_URL|API_KEY|ALLOW_|PROVIDER_STATES_URL|EMBEDDED_REFERENCE|CONFORMANCE_RUN_ID|REFERENCE_|WORKERS)/.test(
            name,
          ),
      ),
    );
    const results = path.join(dir, 'results.json');
    const result = await new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--reporter=dot,json'],
        {
          cwd: ROOT,
          env: {
            ...inherited,
            ENV_FILE: envFile,
            REPORTS_DIR: dir,
            WORKERS: String(WORKERS),
            PLAYWRIGHT_JSON_OUTPUT_FILE: results,
          },
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', (status) => resolve({ status, output }));
    });
    assert.equal(result.status, 0, `the run failed:\n${result.output.slice(-4000)}`);
    assert.match(result.output, /every data state is served/);
    const report = JSON.parse(fs.readFileSync(results, 'utf8')) as {
      stats: { expected: number; skipped: number; unexpected: number; flaky: number };
      suites: Suite[];
    };
    const skipped = report.suites.flatMap(skips);
    assert.deepEqual(skipped, [], 'tests skipped against the minimum test tenant');
    assert.equal(report.stats.skipped, 0);
    assert.equal(report.stats.unexpected, 0);
    assert.ok(report.stats.expected > 0);
    // The states the tests asked for in this complete run are the ones the table and the seed are made from.
    assert.deepEqual(
      usesOfReport(report.suites),
      DATA_STATE_USES,
      'the tests ask other data states than schemas/generated/data-state-uses.ts says: run npx tsx scripts/gen-data-states.ts',
    );
  } finally {
    await close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

interface Suite {
  suites?: Suite[];
  specs?: {
    title: string;
    tests: { results: { status: string; annotations?: { type: string; description?: string }[] }[] }[];
  }[];
}

/** "title: reason" of every skipped test of a Playwright JSON report suite. */
function skips(suite: Suite): string[] {
  return [
    ...(suite.suites ?? []).flatMap(skips),
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.flatMap((t) =>
        t.results
          .filter((r) => r.status === 'skipped')
          .map(
            (r) =>
              `${spec.title}: ${(r.annotations ?? []).find((a) => a.type === 'skip')?.description ?? 'skipped'}`,
          ),
      ),
    ),
  ];
}
