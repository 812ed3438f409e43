/**
 * The preflight refuses a target only for its configuration, and what it says stays true when the target
 * itself deviates: against reference faults and variants that change its requests' answers, and against
 * keys that truly do not match their roles, each message is checked against what is really wrong.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startReferenceThread, type ReferenceInThread } from '../helpers/setup/reference-thread';
import { KEY_SETTINGS } from '../helpers/run/settings';
import { cleanEnv, ROOT, tempDir } from './report-support';

const BIN = path.join(ROOT, 'bin', 'conformance.cjs');

function preflightAgainst(reference: ReferenceInThread, keys: Partial<Record<string, string>> = {}) {
  const env: NodeJS.ProcessEnv = { BASE_URL: reference.url };
  for (const { role, env: name } of KEY_SETTINGS) env[name] = keys[name] ?? reference.keys[role];
  const run = spawnSync(process.execPath, [BIN, 'preflight', '--out', tempDir('preflight-')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: cleanEnv(env),
    timeout: 120_000,
  });
  return { status: run.status, said: `${run.stdout}\n${run.stderr}` };
}

void describe('the preflight against the reference', () => {
  const references = new Map<string, ReferenceInThread>();
  const reference = (name: string) => references.get(name)!;
  before(async () => {
    const started = await Promise.all([
      startReferenceThread({ timeZone: 'UTC' }),
      startReferenceThread({ timeZone: 'UTC', fault: 'instructions-unknown-event-validation-failed' }),
      startReferenceThread({ timeZone: 'UTC', variant: 'validation-before-scope' }),
      startReferenceThread({ timeZone: 'UTC', fault: 'instructions-require-patents-write' }),
    ]);
    ['clean', 'fault', 'variant', 'scope fault'].forEach((name, i) => references.set(name, started[i]!));
  });
  after(async () => Promise.all([...references.values()].map((r) => r.close())));

  void test('a conformant target and right keys: passes, with no note', () => {
    const { status, said } = preflightAgainst(reference('clean'));
    assert.equal(status, 0, said);
    assert.doesNotMatch(said, /note:|do not behave/);
  });

  void test('a freedom the contract leaves (validation before scope) changes nothing the preflight says', () => {
    const { status, said } = preflightAgainst(reference('variant'));
    assert.equal(status, 0, said);
    assert.doesNotMatch(said, /do not behave/);
  });

  void test('a target answering 400 for an unknown event (a deviation) is not a wrong key: noted, not refused', () => {
    const { status, said } = preflightAgainst(reference('fault'));
    assert.equal(status, 0, `the run must go on for the tests to judge the deviation: ${said}`);
    assert.match(
      said,
      /note: API_KEY_INSTRUCTIONS_WRITE should hold patents:instructions:write, but POST \/api\/v2\/external\/patent-instructions gave 400 validation_failed .*either the key is not what its role says, or the target deviates from the contract \(expected 404/,
    );
  });

  void test('a key lacking its scope is refused, naming the setting and the answer (insufficient_scope)', () => {
    const clean = reference('clean');
    const { status, said } = preflightAgainst(clean, { API_KEY_INSTRUCTIONS_WRITE: clean.keys.patentsRead });
    assert.equal(status, 2, said);
    assert.match(
      said,
      /API_KEY_INSTRUCTIONS_WRITE should hold patents:instructions:write, but POST \/api\/v2\/external\/patent-instructions gave 403 insufficient_scope/,
    );
    // Both readings, the requirement the second breaks, and how to tell them apart.
    assert.match(
      said,
      /Two readings: the key lacks patents:instructions:write \(fix API_KEY_INSTRUCTIONS_WRITE\)/,
    );
    assert.match(
      said,
      /or the target checks another scope than patents:instructions:write on postInstructions, against SCOPE-005/,
    );
    assert.match(said, /compare with the scopes the provider issued this key with/);
  });

  void test('a target checking another scope on a route than the table names: the target, not the key', () => {
    const { status, said } = preflightAgainst(reference('scope fault'));
    assert.equal(status, 0, `the run must go on for the tests to judge the target: ${said}`);
    assert.match(
      said,
      /note: API_KEY_INSTRUCTIONS_WRITE should hold patents:instructions:write, but POST .* gave 403 insufficient_scope .*naming requiredScope patents:write: the target checks another scope than patents:instructions:write on postInstructions, against SCOPE-005/,
    );
    assert.doesNotMatch(said, /setting to fix/);
  });

  void test('a key holding more than its one scope is refused, naming the scope it should not hold', () => {
    const clean = reference('clean');
    const { status, said } = preflightAgainst(clean, { API_KEY_PATENTS_READ: clean.keys.all });
    assert.equal(status, 2, said);
    assert.match(
      said,
      /API_KEY_PATENTS_READ should hold only patents:read \(not invoices:read\), but GET .* gave 200/,
    );
  });
});
