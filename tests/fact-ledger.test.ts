/**
 * Facts the contract fixes are compared across runs against the same target (helpers/run/fact-ledger.ts):
 * two runs against the clean reference agree, and against a reference whose LOCKED amounts drift between
 * starts (fault fees-locked-repriced-at-start, which one run cannot see) the second run fails, with both
 * observations and their dates. Also the pure comparison and the ledger's merge.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fixedFactsOf } from '../helpers/contract/fixed-facts';
import { factBreaches, type FactLedger } from '../helpers/run/fact-ledger';
import { FAULTS } from '../reference/faults';
import { cleanEnv, ROOT, tempDir } from './report-support';

const LOCKED = {
  object: 'fees',
  eventId: 'e1',
  feesStatus: 'LOCKED',
  invoiceId: null,
  currency: 'EUR',
  total: '110.50',
  components: [
    { type: 'SERVICE', amount: '10.5' },
    { type: 'OFFICE', amount: '100.00' },
  ],
};

void describe('fixed facts', () => {
  void test('are read wherever the resource sits, amounts compared as numbers', () => {
    const facts = fixedFactsOf({
      data: [
        { object: 'patentEvent', fees: LOCKED },
        {
          object: 'invoice',
          id: 'i1',
          reference: 'INV-1',
          fees: [{ ...LOCKED, eventId: 'e2', feesStatus: 'INVOICED', invoiceId: 'i1' }],
        },
        { object: 'fees', eventId: 'e3', feesStatus: 'ESTIMATED', total: '1', components: [] },
      ],
    });
    assert.deepEqual(
      facts.map((f) => [f.key, f.requirement]),
      [
        ['locked-fees:e1', 'FEE-012'],
        ['invoice-reference:i1', 'INV-006'],
        ['invoiced-fees:e2:i1', 'FEE-014'],
      ],
    );
    const rescaled = fixedFactsOf({
      ...LOCKED,
      total: '110.5',
      components: [...LOCKED.components].reverse(),
    });
    assert.equal(rescaled[0]!.value, facts[0]!.value, 'trailing zeros and component order do not matter');
  });

  void test('a fact that differs from the ledger is a breach naming both observations and their dates', () => {
    const [fact] = fixedFactsOf(LOCKED);
    const ledger: FactLedger = {
      target: 't',
      facts: {
        [fact!.key]: {
          ...fact!,
          value: 'EUR total 99; OFFICE 99',
          runId: 'r1',
          seenAt: '2026-11-24T00:00:00Z',
        },
      },
    };
    const [breach] = factBreaches(ledger, [fact!], 'GET /fees', '2026-11-25T00:00:00Z');
    assert.equal(breach!.requirement, 'FEE-012');
    assert.match(breach!.message, /^\[FEE-012\] the LOCKED fees of event e1 changed across runs/);
    assert.match(breach!.message, /"EUR total 99; OFFICE 99" on 2026-11-24T00:00:00Z \(run r1\)/);
    assert.match(
      breach!.message,
      /"EUR total 110\.5; OFFICE 100, SERVICE 10\.5" on 2026-11-25T00:00:00Z \(GET \/fees\)/,
    );
    assert.deepEqual(factBreaches(ledger, fixedFactsOf({ ...LOCKED, eventId: 'other' }), 'x', 'y'), []);
  });

  void test('the drift fault is catalogued as visible only across runs', () => {
    const fault = FAULTS.find((f) => f.name === 'fees-locked-repriced-at-start');
    assert.equal(fault?.acrossRuns, true);
  });

  void test('two runs against the clean reference agree; against a drifting one the second run fails', () => {
    const grep = ['--grep', 'FEE-012|FEE-014|INV-006'];
    // One reports folder for both runs: the ledger lives in its history/, as CI keeps it between runs.
    const runTwice = (fault?: string) => {
      const reports = tempDir('fact-ledger-');
      const env = cleanEnv({
        FACT_LEDGER: 'on',
        REPORTS_DIR: reports,
        FORCE_COLOR: '0',
        ...(fault ? { REFERENCE_FAULT: fault } : {}),
      });
      const run = () => {
        const cli = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
        const args = [
          cli,
          'test',
          '--reporter=line',
          '--output',
          path.join(reports, 'test-results'),
          ...grep,
        ];
        const done = spawnSync(process.execPath, args, {
          cwd: ROOT,
          encoding: 'utf8',
          env,
          maxBuffer: 1 << 26,
        });
        return { status: done.status, output: `${done.stdout}\n${done.stderr}` };
      };
      const runs = [run(), run()];
      const ledgers = fs.readdirSync(path.join(reports, 'history')).filter((f) => f.startsWith('facts-'));
      fs.rmSync(reports, { recursive: true, force: true });
      return { runs, ledgers };
    };
    const clean = runTwice();
    assert.equal(clean.runs[0]!.status, 0, clean.runs[0]!.output.slice(-2000));
    assert.equal(clean.runs[1]!.status, 0, clean.runs[1]!.output.slice(-2000));
    assert.equal(clean.ledgers.length, 1, 'one ledger for the target');
    const compared = /fixed facts across runs \([^)]*\): (\d+) compared with earlier runs, 0 changed/.exec(
      clean.runs[1]!.output,
    );
    assert.ok(
      compared && Number(compared[1]) > 0,
      `the second run compared facts: ${clean.runs[1]!.output.slice(-1500)}`,
    );

    const drifting = runTwice('fees-locked-repriced-at-start');
    assert.equal(drifting.runs[0]!.status, 0, 'one run cannot see the drift');
    assert.notEqual(drifting.runs[1]!.status, 0, 'the second run fails on the ledger');
    assert.match(drifting.runs[1]!.output, /\[FEE-012\] the LOCKED fees of event .* changed across runs/);
  });
});
