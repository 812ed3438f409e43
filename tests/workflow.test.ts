/**
 * The CI gate users copy (.github/workflows/conformance.yml): manual and scheduled triggers, shards, one
 * merge job, the Allure history kept; it calls the commands the README documents, with the settings of
 * helpers/run/settings.ts, and docs/reports.md points to it instead of keeping a copy that could drift.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { KEY_SETTINGS, SETTINGS } from '../helpers/run/settings';
import { WORKFLOW, workflow } from './workflow-support';

const ROOT = path.join(__dirname, '..');
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const scripts = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;
const runs = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((s) => (s.run ? [s.run] : [])));

void test('manual and scheduled triggers', () => {
  assert.ok('workflow_dispatch' in workflow.on);
  assert.ok(Array.isArray(workflow.on.schedule) && workflow.on.schedule.length > 0);
});

void test('shards, then one merge job that builds the reports, keeps the history and gates', () => {
  const test = workflow.jobs.test!;
  const shards = test.strategy?.matrix?.shard ?? [];
  assert.ok(shards.length > 1, 'no shards');
  const suite = test.steps.find((s) => s.run?.includes('npm run conformance'));
  assert.ok(suite, 'the test job does not run the suite with npm run conformance');
  assert.match(suite.run!, new RegExp(`--shard=\\$\\{\\{ matrix.shard \\}\\}/${shards.length}`));
  const gate = workflow.jobs.gate!;
  assert.equal(gate.needs, 'test');
  assert.equal(gate.if, 'always()');
  const order = gate.steps.map((s) => s.run ?? s.uses ?? '');
  const at = (pattern: RegExp) => order.findIndex((o) => pattern.test(o));
  assert.ok(at(/playwright merge-reports/) >= 0, 'no merge of the blob reports');
  assert.ok(at(/cache\/restore/) < at(/npm run report/), 'the history is not restored before the report');
  assert.ok(at(/cache\/save/) > at(/npm run report/), 'the history is not saved after the report');
  assert.ok(at(/npm run gate/) > at(/npm run report/));
  // The gate records what the run verified in reports/history: the history is saved after it.
  assert.ok(at(/cache\/save/) > at(/npm run gate/), 'the history is saved before the gate records the run');
  for (const step of gate.steps.filter((s) => /actions\/cache/.test(s.uses ?? ''))) {
    assert.equal(step.with?.path, 'reports/history');
  }
});

void test('the commands are those of the README and package.json', () => {
  for (const run of runs) {
    for (const [, name] of run.matchAll(/npm run (\S+)/g)) {
      assert.ok(scripts[name!], `npm run ${name} is not a script of package.json`);
      assert.ok(readme.includes(`npm run ${name}`), `the README does not show npm run ${name}`);
    }
  }
  for (const option of runs.flatMap((r) => [...r.matchAll(/ (--[a-z-]+)/g)].map((m) => m[1]!))) {
    if (['--no-audit', '--no-fund', '--reporter'].includes(option)) continue;
    assert.ok(readme.includes(option), `the README does not show ${option}`);
  }
});

void test('the settings are those of helpers/run/settings.ts, every key role from a secret of its name', () => {
  const known = new Set(SETTINGS.map((s) => s.env));
  const envs = [workflow.env, ...Object.values(workflow.jobs).map((j) => j.env ?? {})];
  for (const env of envs) {
    for (const name of Object.keys(env)) assert.ok(known.has(name), `${name} is not a setting of the suite`);
  }
  const shardEnv = workflow.jobs.test!.env ?? {};
  for (const { env: name } of KEY_SETTINGS) {
    assert.equal(shardEnv[name], `\${{ secrets.${name} }}`, `${name} is not passed from its secret`);
  }
  for (const name of Object.keys({ ...workflow.env, ...shardEnv })) {
    if (SETTINGS.some((s) => s.env === name))
      assert.ok(readme.includes(`\`${name}\``), `README lacks ${name}`);
  }
});

void test('docs/reports.md points to the workflow file and keeps no copy of it', () => {
  const docs = fs.readFileSync(path.join(ROOT, 'docs', 'reports.md'), 'utf8');
  assert.ok(docs.includes(WORKFLOW));
  assert.doesNotMatch(docs, /```ya?ml\n(?:.*\n)*?jobs:/);
});
