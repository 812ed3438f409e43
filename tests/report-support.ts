/**
 * Support for the report tests: synthetic Playwright JSON results, small real Playwright runs into a
 * temporary reports folder, and reading every file a run produced (zip archives included).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { REASON_KIND_ANNOTATION } from '../helpers/run/report-config';
import type { JsonReport } from '../scripts/run-results';

export const ROOT = path.join(__dirname, '..');

// ---------------------------------------------------------------------------------------------------
// Synthetic results

export interface SyntheticTest {
  title: string;
  outcome: 'passed' | 'failed' | 'skipped' | 'timedOut' | 'flaky';
  reason?: string;
  /** A skip's reason kind, as the `not verified kind` annotation (helpers/data/verified.ts) gives it. */
  kind?: string;
  /** Requirements whose invariant an answer of the test broke (the `breach` annotations). */
  breached?: string[];
  /** SHOULD or MAY deviations the test recorded (the `warning` annotations). */
  warnings?: string[];
  /** Exchanges attached as evidence (http-exchanges.json), and a reproduction (reproduce.sh). */
  exchanges?: object[];
  reproduce?: string;
  error?: string;
  project?: string;
}

/** A Playwright JSON report holding these tests in one file suite. */
export function syntheticReport(tests: SyntheticTest[], errors: string[] = []): JsonReport {
  return {
    config: {
      metadata: { target: 'https://staging.example.test', suiteVersion: '9.9.9', contractVersion: '2.0.0' },
    },
    suites: [
      {
        title: 'synthetic.spec.ts',
        file: 'synthetic.spec.ts',
        specs: tests.map((t, index) => ({
          title: t.title,
          file: 'synthetic.spec.ts',
          line: index + 1,
          tests: [
            {
              projectName: t.project ?? '',
              expectedStatus: 'passed',
              status:
                t.outcome === 'passed'
                  ? 'expected'
                  : t.outcome === 'skipped'
                    ? 'skipped'
                    : t.outcome === 'flaky'
                      ? 'flaky'
                      : 'unexpected',
              annotations: t.reason ? [{ type: 'skip', description: t.reason }] : [],
              results: [
                {
                  status: t.outcome === 'flaky' ? 'failed' : t.outcome,
                  errors: t.error ? [{ message: t.error }] : [],
                  annotations: [
                    ...(t.kind ? [{ type: REASON_KIND_ANNOTATION, description: t.kind }] : []),
                    ...(t.breached ?? []).map((id) => ({ type: 'breach', description: id })),
                    ...(t.warnings ?? []).map((description) => ({ type: 'warning', description })),
                  ],
                  attachments: [
                    ...(t.exchanges ? [attachment('http-exchanges.json', JSON.stringify(t.exchanges))] : []),
                    ...(t.reproduce ? [attachment('reproduce.sh', t.reproduce)] : []),
                  ],
                },
              ],
            },
          ],
        })),
      },
    ],
    errors: errors.map((message) => ({ message })),
    stats: { startTime: '2026-01-15T10:00:00.000Z', duration: 1234 },
  } as JsonReport;
}

const attachment = (name: string, body: string) => ({
  name,
  contentType: name.endsWith('.json') ? 'application/json' : 'text/plain',
  body: Buffer.from(body).toString('base64'),
});

/**
 * One synthetic Allure result of a test, in the format allure-playwright writes, into an Allure results
 * folder; its history id is its name, so that builds of the report from several of them carry its history.
 */
export function writeAllureResult(resultsDir: string, name: string, status: string, message?: string): void {
  const now = Date.now();
  writeJson(path.join(resultsDir, `${name.replace(/\W/g, '')}-${now}-result.json`), {
    uuid: `${name.replace(/\W/g, '')}-${now}`,
    historyId: name,
    testCaseId: name,
    fullName: `synthetic.spec.ts#${name}`,
    name,
    status,
    statusDetails: message ? { message } : {},
    stage: 'finished',
    start: now,
    stop: now + 5,
    steps: [],
    attachments: [],
    parameters: [],
    labels: [
      { name: 'epic', value: 'Authentication with x-api-key' },
      { name: 'story', value: 'AUTH-001' },
      { name: 'severity', value: 'critical' },
    ],
    links: [],
  });
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `prs-${prefix}-`));
}

export function writeJson(file: string, value: unknown): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

// ---------------------------------------------------------------------------------------------------
// Real runs

export interface RunOutcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs Playwright with every report written under `reportsDir` (REPORTS_DIR) and test artifacts under
 * `reportsDir/test-results`. Retries a few times when the embedded reference does not build yet.
 * Pass `--workers n` in `args` to choose the parallelism.
 */
export function runPlaywright(
  reportsDir: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  attempts = 3,
): RunOutcome {
  let last: RunOutcome = { status: null, stdout: '', stderr: '' };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    fs.rmSync(reportsDir, { recursive: true, force: true });
    const run = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
        'test',
        '--output',
        path.join(reportsDir, 'test-results'),
        ...args,
      ],
      {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: {
          ...withoutTargetEnv(process.env),
          REPORTS_DIR: reportsDir,
          FORCE_COLOR: '0',
          ...env,
        },
      },
    );
    last = { status: run.status, stdout: run.stdout, stderr: run.stderr };
    // A results file means the run itself happened (the reference compiled); failing tests are its business.
    if (fs.existsSync(path.join(reportsDir, 'results.json'))) {
      const report = JSON.parse(fs.readFileSync(path.join(reportsDir, 'results.json'), 'utf8')) as JsonReport;
      if ((report.errors ?? []).length === 0 || attempt === attempts) return last;
    }
    if (attempt < attempts) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5_000);
  }
  return last;
}

/** The environment without any target settings, so runs use the embedded reference. */
function withoutTargetEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (
      /^(BASE_URL|API_KEY.*|ALLOW_.*|PROVIDER_STATES_URL|EMBEDDED_REFERENCE|CI|SHARD|BLOB_REPORT)$/.test(name)
    )
      continue;
    out[name] = value;
  }
  return out;
}

/** Spec files of the suite that exist right now, among `names` (e.g. `auth`, `scopes`). */
export function existingSpecs(names: string[]): string[] {
  return names.map((n) => `specs/${n}.spec.ts`).filter((f) => fs.existsSync(path.join(ROOT, f)));
}

// ---------------------------------------------------------------------------------------------------
// Files

export function* filesUnder(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** The entries of a zip archive (stored or deflated), read from its central directory. */
export function unzip(buffer: Buffer): { name: string; data: Buffer }[] {
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 65_557); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip archive');
  const count = buffer.readUInt16LE(eocd + 10);
  let offset = buffer.readUInt32LE(eocd + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let n = 0; n < count; n++) {
    if (buffer.readUInt32LE(offset) !== 0x02014b50) throw new Error('corrupt zip central directory');
    const method = buffer.readUInt16LE(offset + 10);
    const compressedSize = buffer.readUInt32LE(offset + 20);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const localOffset = buffer.readUInt32LE(offset + 42);
    const name = buffer.toString('utf8', offset + 46, offset + 46 + nameLength);
    const localNameLength = buffer.readUInt16LE(localOffset + 26);
    const localExtraLength = buffer.readUInt16LE(localOffset + 28);
    const start = localOffset + 30 + localNameLength + localExtraLength;
    const raw = buffer.subarray(start, start + compressedSize);
    const data = method === 0 ? raw : method === 8 ? zlib.inflateRawSync(raw) : Buffer.alloc(0);
    if (method !== 0 && method !== 8) throw new Error(`zip entry ${name} uses unsupported method ${method}`);
    entries.push({ name, data });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Every file under `dir` with its content; zip archives are opened and their entries listed too. */
export function readEverything(dir: string): { name: string; data: Buffer }[] {
  const out: { name: string; data: Buffer }[] = [];
  for (const file of filesUnder(dir)) {
    const data = fs.readFileSync(file);
    out.push({ name: file, data });
    if (/\.zip$/i.test(file)) {
      for (const entry of unzip(data)) out.push({ name: `${file}!/${entry.name}`, data: entry.data });
    }
  }
  return out;
}

/**
 * The forms a secret could take in a file: as is, and base64-encoded at each of the three byte
 * alignments (attachments travel base64-encoded in some report formats).
 */
export function secretNeedles(secret: string): string[] {
  const needles = [secret];
  const bytes = Buffer.from(secret, 'utf8');
  for (let pad = 0; pad < 3; pad++) {
    const encoded = Buffer.concat([Buffer.alloc(pad, 0x20), bytes]).toString('base64');
    // Drop the groups that mix in neighbouring bytes at both ends.
    needles.push(encoded.slice(pad === 0 ? 0 : 4, encoded.length - 4));
  }
  return needles;
}

/** The environment without target settings or a run identity, so that runs use the embedded reference. */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (
      /^(BASE_URL|API_KEY.*|ALLOW_.*|PROVIDER_STATES_URL|EMBEDDED_REFERENCE|CI|SHARD|BLOB_REPORT|CONFORMANCE_.*|REPORTS_DIR|ENV_FILE|REFERENCE_.*|FC_SEED|PREFLIGHT)$/.test(
        name,
      )
    )
      continue;
    env[name] = value;
  }
  return { ...env, FORCE_COLOR: '0', NO_COLOR: '1', ...extra };
}
