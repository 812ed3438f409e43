/**
 * A sharded gate certifies what one machine certifies. The steps of .github/workflows/conformance.yml run
 * here as CI runs them: each shard of the matrix in a reports folder of its own (a machine of its own), its
 * artifacts uploaded by name and path, then the gate job downloads them by pattern into a fresh folder, merges
 * the blob reports and builds the reports. The certification it writes must give every requirement the
 * verdict that the same tests run on one machine give. Before the shards carried what each rule judged on
 * every answer (reports/invariants.shard-N-of-M.json), the merged certification had "no test in this run" for
 * the requirements only a judge decides.
 *
 * The suite runs a few quick spec files, not all of them: what is under test is the way the workflow carries
 * a run's record from the shards to the gate, which does not depend on how many tests the shards hold.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { cleanEnv, ROOT, tempDir } from './report-support';
import { workflow } from './workflow-support';

/** Spec files whose tests, split over the shards, include requirements that only a judge decides. */
const SPECS = [
  'specs/auth.spec.ts',
  'specs/evolution.spec.ts',
  'specs/invariants.spec.ts',
  'specs/correlation.spec.ts',
];
/** github.run_id: a number, as the workflow's FC_SEED needs. */
const RUN_ID = '4242';

/** A workflow expression as CI would expand it here: no repository variable or secret, one run id. */
function expand(text: string, shard?: number): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
    if (expression === 'matrix.shard' && shard !== undefined) return String(shard);
    if (expression === 'github.run_id') return RUN_ID;
    if (expression === 'github.run_attempt') return '1';
    if (/^(vars|secrets)\./.test(expression)) return '';
    throw new Error(`the workflow uses \${{ ${expression} }}, which this test does not expand`);
  });
}

const expandAll = (env: Record<string, string> = {}, shard?: number) =>
  Object.fromEntries(Object.entries(env).map(([name, value]) => [name, expand(String(value), shard)]));

/** A machine: its checkout's reports folder and its working folder, where relative paths land. */
interface Machine {
  reports: string;
  work: string;
}

/** A workflow path on a machine: reports/ is the machine's reports folder, the rest is under its work folder. */
const place = (machine: Machine, p: string) =>
  p === 'reports' || p.startsWith('reports/')
    ? path.join(machine.reports, p.slice('reports'.length))
    : path.join(machine.work, p);

/** The files a path of upload-artifact names (a folder, or a file pattern with `*` in its last part). */
function matched(machine: Machine, pattern: string): { from: string; to: string }[] {
  const full = place(machine, pattern);
  if (!pattern.includes('*')) {
    if (!fs.existsSync(full)) return [];
    return fs
      .readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const from = path.join(entry.parentPath, entry.name);
        return { from, to: path.relative(full, from) };
      });
  }
  const dir = path.dirname(full);
  const name = new RegExp(`^${path.basename(full).replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => name.test(f))
    .map((f) => ({ from: path.join(dir, f), to: f }));
}

/** Runs a step's command on a machine, the workflow's relative paths placed on it. */
function runStep(
  machine: Machine,
  command: string,
  env: NodeJS.ProcessEnv,
): { status: number | null; output: string } {
  const placed = command.replace(
    /(^|\s)(all-[\w-]+)/g,
    (_, space: string, p: string) => space + place(machine, p),
  );
  const result = spawnSync('bash', ['-c', placed], { cwd: ROOT, env, encoding: 'utf8' });
  return { status: result.status, output: `$ ${placed}\n${result.stdout}${result.stderr}` };
}

interface CertifiedRequirement {
  id: string;
  verdict: string;
  reason?: string;
}
const certificationOf = (reports: string) =>
  JSON.parse(fs.readFileSync(path.join(reports, 'certification.json'), 'utf8')) as {
    overall: string;
    requirements: CertifiedRequirement[];
  };

void test('the workflow’s shards, merged in its gate job, certify every requirement as one machine does', () => {
  const root = tempDir('sharded');
  const artifacts = path.join(root, 'artifacts');
  const log: string[] = [];
  try {
    const shards = workflow.jobs.test.strategy?.matrix?.shard ?? [];
    assert.ok(shards.length > 1, 'the workflow runs no shards');
    for (const shard of shards) {
      const machine = {
        reports: path.join(root, `shard-${shard}`, 'reports'),
        work: path.join(root, `shard-${shard}`),
      };
      const env = cleanEnv({
        ...expandAll(workflow.env, shard),
        ...expandAll(workflow.jobs.test.env, shard),
        REPORTS_DIR: machine.reports,
      });
      for (const step of workflow.jobs.test.steps) {
        if (step.run?.includes('npm run conformance')) {
          const ran = runStep(machine, `${expand(step.run, shard)} ${SPECS.join(' ')}`, env);
          log.push(ran.output);
          // The reference is conformant: a shard that does not exit 0 is this test's failure, not the gate's.
          assert.equal(ran.status, 0, ran.output);
        }
        if (step.uses?.startsWith('actions/upload-artifact')) {
          const name = expand(String(step.with?.name), shard);
          for (const pattern of String(step.with?.path).split('\n').filter(Boolean))
            for (const { from, to } of matched(machine, pattern.trim())) {
              const target = path.join(artifacts, name, to);
              fs.mkdirSync(path.dirname(target), { recursive: true });
              fs.copyFileSync(from, target);
            }
        }
      }
    }

    const gate = { reports: path.join(root, 'gate', 'reports'), work: path.join(root, 'gate') };
    const gateEnv = cleanEnv({ ...expandAll(workflow.env), REPORTS_DIR: gate.reports });
    for (const step of workflow.jobs.gate.steps) {
      if (step.uses?.startsWith('actions/download-artifact')) {
        const pattern = new RegExp(`^${String(step.with?.pattern).replace(/\*/g, '.*')}$`);
        assert.equal(step.with?.['merge-multiple'], true, 'a download this test does not emulate');
        for (const name of fs.readdirSync(artifacts).filter((n) => pattern.test(n)))
          fs.cpSync(path.join(artifacts, name), place(gate, String(step.with?.path)), { recursive: true });
      }
      // The Allure history and the gate against the baseline are other tests' subjects.
      if (!step.run || /npm ci|npm run gate/.test(step.run)) continue;
      const stepEnv = Object.fromEntries(
        Object.entries(expandAll(step.env)).map(([name, value]) => [name, place(gate, value)]),
      );
      const ran = runStep(gate, expand(step.run), { ...gateEnv, ...stepEnv });
      log.push(ran.output);
      assert.equal(ran.status, 0, ran.output);
    }

    const alone = { reports: path.join(root, 'alone', 'reports'), work: path.join(root, 'alone') };
    const ranAlone = runStep(
      alone,
      `node bin/conformance.cjs run -- ${SPECS.join(' ')}`,
      cleanEnv({ REPORTS_DIR: alone.reports }),
    );
    assert.equal(ranAlone.status, 0, ranAlone.output);

    const merged = certificationOf(gate.reports);
    const one = certificationOf(alone.reports);
    const judgedOnly = one.requirements.filter(
      (r) => r.verdict === 'passed' && /invariant judged/.test(r.reason ?? ''),
    );
    assert.ok(judgedOnly.length > 0, 'the spec files chosen show no requirement that only a judge decides');
    const differ = one.requirements
      .map((r) => ({ one: r, merged: merged.requirements.find((m) => m.id === r.id) }))
      .filter(({ one: o, merged: m }) => o.verdict !== m?.verdict)
      .map(
        ({ one: o, merged: m }) =>
          `${o.id}: one machine ${o.verdict}, merged shards ${m?.verdict} (${m?.reason})`,
      );
    assert.deepEqual(differ, [], log.join('\n'));
    assert.equal(merged.overall, one.overall);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
