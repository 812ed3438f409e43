/**
 * The preflight refuses a target only for its configuration, and what it says stays true when the target
 * itself deviates: against reference faults and variants that change its requests' answers, and against
 * keys that truly do not match their roles, each message is checked against what is really wrong. Where a key
 * is refused for the scope its role names, the message gives both readings (the key lacks the scope, or the
 * target checks another one on the route), the requirement the second breaks and how to tell them apart, and
 * names the setting as one to check, not to fix.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startReferenceThread, type ReferenceInThread } from '../helpers/setup/reference-thread';
import { KEY_SETTINGS } from '../helpers/run/settings';
import { TWO_READINGS } from '../helpers/setup/preflight';
import { settingsNamed } from '../helpers/setup/preflight-report';
import { notRunCertification } from '../scripts/certification/model';
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
      startReferenceThread({ timeZone: 'UTC', fault: 'freezes-reads-require-patents-read' }),
      startReferenceThread({ timeZone: 'UTC', fault: 'required-scope-missing' }),
    ]);
    ['clean', 'fault', 'variant', 'scope fault', 'freeze scope fault', 'no requiredScope'].forEach(
      (name, i) => references.set(name, started[i]!),
    );
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
      /API_KEY_INSTRUCTIONS_WRITE should hold patents:instructions:write, but POST \/api\/v2\/external\/patent-instructions gave 403 insufficient_scope .* naming requiredScope patents:instructions:write\./,
    );
    // Both readings, the requirement the second breaks, and how to tell them apart.
    assert.match(
      said,
      /Two readings: the key lacks patents:instructions:write \(if so, fix API_KEY_INSTRUCTIONS_WRITE\)/,
    );
    assert.match(
      said,
      /or the target checks another scope than patents:instructions:write on postInstructions, against SCOPE-005/,
    );
    assert.match(said, /compare with the scopes the provider issued this key with/);
    // The answer names the scope of the table: nothing in it is wrong whichever reading holds.
    assert.doesNotMatch(said, /whichever holds/);
    // The same key also reads patents, which no reading of the target explains: the setting is to fix.
    assert.match(
      said,
      /should hold only patents:instructions:write \(not patents:read\), but GET .* gave 200/,
    );
    assert.match(said, /\n {2}setting to fix: API_KEY_INSTRUCTIONS_WRITE \(/);
  });

  void test('a target checking another scope on a route than the table names: the target, not the key', () => {
    const { status, said } = preflightAgainst(reference('scope fault'));
    assert.equal(status, 0, `the run must go on for the tests to judge the target: ${said}`);
    assert.match(
      said,
      /note: API_KEY_INSTRUCTIONS_WRITE should hold patents:instructions:write, but POST .* gave 403 insufficient_scope .*naming requiredScope patents:write\. Two readings: the target checks another scope than patents:instructions:write on postInstructions, against SCOPE-005/,
    );
    assert.doesNotMatch(said, /setting to fix/);
  });

  void test('the freeze reads guarded by patents:read: both readings named, the run goes on for the tests', () => {
    const { status, said } = preflightAgainst(reference('freeze scope fault'));
    assert.equal(status, 0, `the run must go on for the tests to judge the target: ${said}`);
    const note = said.split('\n').find((line) => line.includes('note: API_KEY_FREEZES_WRITE'));
    assert.ok(note, said);
    assert.match(
      note,
      /should hold exchange-rate-freezes:write, but GET \/api\/v2\/external\/exchange-rate-freezes\?itemsPerPage=1 gave 403 insufficient_scope .* naming requiredScope patents:read\./,
    );
    // The target's reading and the requirement it breaks, from the catalogue; the key's reading; what the
    // answer breaks whichever holds (the registry's rule); how to tell them apart.
    assert.match(
      note,
      /Two readings: the target checks another scope than exchange-rate-freezes:write on listExchangeRateFreezes, against SCOPE-007 \(".*"\)/,
    );
    assert.match(note, /or the key lacks exchange-rate-freezes:write \(if so, fix API_KEY_FREEZES_WRITE\)/);
    assert.match(
      note,
      /whichever holds, the answer breaks SCOPE-008 \(requiredScope patents:read, the operation needs exchange-rate-freezes:write\)/,
    );
    assert.match(
      note,
      /compare with the scopes the provider issued this key with: if they include exchange-rate-freezes:write, the target is at fault/,
    );
    assert.doesNotMatch(said, /setting to fix|do not behave/);
  });

  void test('a refusal naming no requiredScope: both readings, and the breach of the answer whichever holds', () => {
    const missing = reference('no requiredScope');
    // A key with no scope: refused for exchange-rate-freezes:write, and refused for patents:read as its role says.
    const { status, said } = preflightAgainst(missing, { API_KEY_FREEZES_WRITE: missing.keys.noScopes });
    assert.equal(status, 2, said);
    assert.match(
      said,
      /API_KEY_FREEZES_WRITE should hold exchange-rate-freezes:write, but GET .* gave 403 insufficient_scope \(application\/problem\+json\)\. Two readings: the key lacks exchange-rate-freezes:write \(if so, fix API_KEY_FREEZES_WRITE\), or the target checks another scope than exchange-rate-freezes:write on listExchangeRateFreezes, against SCOPE-007/,
    );
    assert.match(said, /whichever holds, the answer breaks SCOPE-008 \(requiredScope is undefined\)/);
    // Nothing else is wrong with the key: the setting may be right, it is to be checked, not fixed.
    assert.match(
      said,
      /\n {2}setting to check: API_KEY_FREEZES_WRITE \(.*\); if it is right .* the target is at fault/,
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

void test('a refusal names the settings to fix apart from those to check (named only by a problem with two readings)', () => {
  const message = [
    'the configured keys do not behave as their roles say:',
    '  - API_KEY_EXPIRED should be expired, but GET /api/v2/external/patents?itemsPerPage=1 gave 200',
    `  - API_KEY_FREEZES_WRITE should hold exchange-rate-freezes:write, but GET ... gave 403. ${TWO_READINGS} the key lacks it (if so, fix API_KEY_FREEZES_WRITE), or ...`,
  ].join('\n');
  assert.deepEqual(settingsNamed(message), { fix: ['API_KEY_EXPIRED'], check: ['API_KEY_FREEZES_WRITE'] });
  const certification = notRunCertification({
    runId: 'run-a',
    startedAt: '2026-01-15T10:00:00.000Z',
    ok: false,
    message,
    settings: ['API_KEY_EXPIRED'],
    check: ['API_KEY_FREEZES_WRITE'],
  });
  assert.match(
    certification.explanation,
    /Setting to fix: API_KEY_EXPIRED\. Setting to check: API_KEY_FREEZES_WRITE \(if it is right .* the target is at fault/,
  );
});
