/**
 * The conformance command (scripts/cli.ts): its help, its exit codes (0 nothing failed, 1 a contract
 * failure, 2 the target could not be judged), reports bound to their run (no verdict of another run,
 * NOT RUN after a refused preflight), plain preflight messages and clean stdout for the reporters.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { SETTINGS } from '../helpers/run/settings';
import { exitFor, helpText, parseArgs } from '../scripts/cli';
import { cleanEnv, ROOT, tempDir } from './report-support';

const BIN = path.join(ROOT, 'bin', 'conformance.cjs');

function command(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: cleanEnv(env),
    timeout: 180_000,
  });
}

/** Lines that look like a stack frame. */
const STACK_FRAME = /^\s+at .+[(:]\d+/m;

void describe('--help', () => {
  const help = helpText();
  void test('names every command, the exit codes and examples', () => {
    for (const word of [
      'run',
      'preflight',
      'report',
      'gate',
      'reference',
      'contract',
      '--env-file',
      '--out',
      '--reporter',
    ]) {
      assert.ok(help.includes(word), `--help does not mention ${word}`);
    }
    assert.match(help, /Exit codes:\n {2}0 {2}conformant/);
    assert.match(help, /\n {2}1 {2}a contract failure/);
    assert.match(help, /\n {2}2 {2}the run could not judge the target/);
    assert.match(help, /Examples:/);
  });
  void test('lists every setting of helpers/run/settings.ts with its default', () => {
    for (const setting of SETTINGS) {
      assert.match(
        help,
        new RegExp(`\\n {2}${setting.env} +${setting.meaning.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
      assert.ok(help.includes(`default: ${setting.default}`), `${setting.env}: default missing`);
    }
  });
  void test('the command prints it and exits 0; a wrong option exits 2', () => {
    const shown = command(['--help'], ROOT);
    assert.equal(shown.status, 0, shown.stderr);
    assert.equal(shown.stdout, help);
    const wrong = command(['gate', '--grep', 'x'], ROOT);
    assert.equal(wrong.status, 2);
    assert.match(wrong.stderr, /gate does not take --grep x \(see --help\)/);
  });
});

void describe('arguments', () => {
  void test("the command's own options are taken, the rest goes to Playwright", () => {
    const parsed = parseArgs([
      '--env-file',
      'a.env',
      '--grep',
      '@auth',
      '--out=r',
      '--reporter=json',
      '--',
      '--workers',
      '1',
    ]);
    assert.equal(parsed.command, 'run');
    assert.equal(parsed.envFile, 'a.env');
    assert.equal(parsed.out, 'r');
    assert.equal(parsed.reporters, 'json');
    assert.deepEqual(parsed.passThrough, ['--grep', '@auth', '--workers', '1']);
    assert.equal(parseArgs(['gate', '--run', 'abc']).runId, 'abc');
    assert.equal(parseArgs(['report']).command, 'report');
  });
  void test('exit codes: failures against the contract 1, only unreachable or broken runs 2, else 0', () => {
    const run = (tests: { outcome: string; failureKind?: string }[], errors: string[] = []) => ({
      tests,
      errors,
    });
    assert.equal(exitFor(0, run([{ outcome: 'passed' }, { outcome: 'skipped' }])), 0);
    assert.equal(
      exitFor(
        1,
        run([
          { outcome: 'failed', failureKind: 'contract violation' },
          { outcome: 'failed', failureKind: 'infrastructure error' },
        ]),
      ),
      1,
    );
    assert.equal(exitFor(1, run([{ outcome: 'failed', failureKind: 'infrastructure error' }])), 2);
    assert.equal(exitFor(1, run([], ['global setup failed'])), 2);
  });
});

void describe('runs of the command against the embedded reference', () => {
  const dir = tempDir('cli');
  const out = path.join(dir, 'reports');
  const certification = () =>
    JSON.parse(fs.readFileSync(path.join(out, 'certification.json'), 'utf8')) as {
      overall: string;
      explanation: string;
    };

  void test('--require-complete: a partial run, INCOMPLETE, exits 3 (and 0 without the option)', () => {
    const run = command(
      ['--grep', 'AUTH-001', '--require-complete', '--reporter=dot', '--out', out, '--workers', '1'],
      dir,
    );
    assert.equal(run.status, 3, run.stdout.slice(-2000) + run.stderr.slice(-2000));
    assert.equal(certification().overall, 'incomplete');
    assert.match(run.stdout + run.stderr, /--require-complete asks for a complete one/);
    assert.equal(parseArgs(['run', '--require-complete']).requireComplete, true);
    assert.equal(parseArgs(['run']).requireComplete, false);
  });

  void test('--reporter=json: stdout is the JSON report alone, the reports are built from this run, exit 0', () => {
    const run = command(['--grep', 'AUTH-001', '--reporter=json', '--out', out, '--workers', '1'], dir);
    assert.equal(run.status, 0, run.stderr.slice(-3000));
    const report = JSON.parse(run.stdout) as {
      stats: { expected: number };
      config: { metadata: { runId: string } };
    };
    assert.ok(report.stats.expected > 0);
    const results = JSON.parse(fs.readFileSync(path.join(out, 'results.json'), 'utf8')) as typeof report;
    assert.equal(results.config.metadata.runId, report.config.metadata.runId);
    assert.match(run.stderr, /fast-check seed: \d+/);
    assert.match(run.stderr, /certification: INCOMPLETE/);
  });

  void test("Playwright's own --reporter=json: clean stdout; the report step then finds no results of that run and prints no verdict", () => {
    const before = certification();
    assert.equal(before.overall, 'incomplete');
    // The run the issue describes: a failing test, Playwright's --reporter replacing the report files.
    const run = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
        'test',
        '--reporter=json',
        '--grep',
        'PAG-008',
        '--output',
        path.join(out, 'test-results'),
      ],
      {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: cleanEnv({ REPORTS_DIR: out, REFERENCE_FAULT: 'page-size-not-clamped' }),
      },
    );
    assert.equal(run.status, 1, run.stderr.slice(-3000));
    const report = JSON.parse(run.stdout) as { stats: { unexpected: number } };
    assert.ok(report.stats.unexpected > 0, 'the fault was not seen');
    const reports = command(['report', '--out', out], dir);
    assert.equal(reports.status, 2, reports.stdout + reports.stderr);
    const said = reports.stdout + reports.stderr;
    assert.match(said, /no results of run .*holds the results of run/);
    assert.match(said, /no verdict/);
    assert.doesNotMatch(said, /certification:|CONFORMANT|INCOMPLETE/i);
    assert.ok(
      !fs.existsSync(path.join(out, 'certification.json')),
      "the earlier run's certification is left in place",
    );
    const gate = command(['gate', '--out', out], dir);
    assert.equal(gate.status, 2, gate.stdout + gate.stderr);
    assert.doesNotMatch(gate.stdout, /gate: (PASSED|FAILED)/);
  });

  void test('a contract failure: exit 1, NOT CONFORMANT', () => {
    const run = command(['--grep', 'PAG-008', '--reporter=dot', '--out', out], dir, {
      REFERENCE_FAULT: 'page-size-not-clamped',
    });
    assert.equal(run.status, 1, run.stderr.slice(-3000));
    assert.equal(certification().overall, 'not conformant');
  });

  void test('a refused preflight: exit 2, a plain message naming the setting, certification NOT RUN', () => {
    const run = command(['--out', out], dir, { BASE_URL: 'http://127.0.0.1:9', API_KEY: 'any-key' });
    assert.equal(run.status, 2, run.stdout + run.stderr);
    assert.equal(run.stdout, '', 'nothing but a reporter writes to stdout');
    assert.match(
      run.stderr,
      /preflight: the target cannot be judged, no test ran\.\n {2}the target http:\/\/127\.0\.0\.1:9 is not reachable/,
    );
    assert.match(run.stderr, /setting to fix: BASE_URL/);
    assert.doesNotMatch(run.stderr, STACK_FRAME);
    assert.doesNotMatch(run.stderr, /helpers\/preflight\.ts|globalSetup|Error:/);
    const c = certification();
    assert.equal(c.overall, 'not run');
    assert.match(
      c.explanation,
      /the preflight refused the target: the target http:\/\/127\.0\.0\.1:9 is not reachable/,
    );
    assert.match(run.stderr, /certification: NOT RUN/);
  });

  void test('bad settings: exit 2 before any request, the setting named', () => {
    const run = command(['--out', out], dir, { BASE_URL: 'staging.example.net', REQUEST_TIMEOUT_MS: 'ten' });
    assert.equal(run.status, 2, run.stdout + run.stderr);
    assert.match(run.stderr, /BASE_URL: "staging\.example\.net" is not a URL/);
    assert.match(run.stderr, /REQUEST_TIMEOUT_MS: "ten" is not a whole number/);
    assert.doesNotMatch(run.stderr, STACK_FRAME);
  });

  void test('preflight alone: an unreachable target is one plain message and exit 2', () => {
    const envFile = path.join(dir, 'target.env');
    fs.writeFileSync(envFile, 'BASE_URL=http://127.0.0.1:9\nAPI_KEY=wrong\n');
    const run = command(['preflight', '--env-file', envFile], dir);
    assert.equal(run.status, 2, run.stdout + run.stderr);
    assert.match(
      run.stderr,
      /not reachable[\s\S]*setting to fix: BASE_URL, REQUEST_TIMEOUT_MS \(environment or .*target\.env\)/,
    );
    assert.doesNotMatch(run.stderr, STACK_FRAME);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

void describe('contract', () => {
  void test('writes the OpenAPI document and the catalogue, YAML and JSON, with their versions', () => {
    const out = path.join(tempDir('contract'), 'contract');
    const written = command(['contract', '--out', out], ROOT);
    assert.equal(written.status, 0, written.stderr);
    for (const [file, source] of [
      ['openapi.yaml', 'schemas/openapi.yaml'],
      ['openapi.json', 'schemas/generated/openapi.json'],
      ['requirements.yaml', 'schemas/requirements.yaml'],
      ['requirements.json', 'schemas/generated/requirements.json'],
    ] as const)
      assert.equal(
        fs.readFileSync(path.join(out, file), 'utf8'),
        fs.readFileSync(path.join(ROOT, source), 'utf8'),
        file,
      );
    const versions = JSON.parse(fs.readFileSync(path.join(out, 'versions.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const printed = command(['--version'], ROOT).stdout;
    assert.match(printed, new RegExp(`^suite ${String(versions.suite)}$`, 'm'));
    assert.match(printed, new RegExp(`^contract ${String(versions.contract)}$`, 'm'));
    assert.match(
      printed,
      new RegExp(`^requirement-catalogue ${String(versions.requirementCatalogue)}$`, 'm'),
    );
    assert.match(written.stderr + written.stdout, /versions\.json/);
  });
});
