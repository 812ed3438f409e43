/**
 * The quiet gate (helpers/run/quiet.ts): while a process of the run holds a quiet section, a write of another
 * process waits; a quiet section begins only once the writes of other processes in flight are answered and no
 * other section is held; the holder's own writes pass; the marks of a process that has ended hold nothing.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { writeOf, type Aspect } from '../helpers/contract/write-effects';
import { holdQuiet, holdsQuiet, passGate } from '../helpers/run/quiet';
import { quietMark, removeRunFolder } from '../helpers/run/run-folder';

process.env.CONFORMANCE_RUN_ID = `quiet-test-${randomUUID()}`;
test.after(() => removeRunFolder(process.env.CONFORMANCE_RUN_ID!));

const QUIET = path.join(__dirname, '..', 'helpers', 'run', 'quiet.ts');

/** A freeze PUT, and what a section that compares the freeze list depends on. */
const FREEZE = writeOf('PUT', '/api/v2/external/exchange-rate-freezes/2026-05', undefined);
const MONTHS: Aspect[] = ['frozen-months'];
const INSTRUCTION = writeOf('POST', '/api/v2/external/patent-instructions', {
  instructions: [{ eventId: 'e-1', decision: 'SKIP_THIS_TIME' }],
});

/**
 * Another process of the run: it holds a quiet section (or a write in flight) for `ms`, printing `held` once
 * it holds it and `done` with the time it lets go. `done` resolves to that time, read in the child before it
 * lets go: the time the pipe delivers the word comes after the gate may already have seen the mark gone.
 */
function other(target: string, what: 'quiet' | 'write', ms: number) {
  const call =
    what === 'quiet'
      ? `holdQuiet(${JSON.stringify(target)}, ${JSON.stringify(MONTHS)})`
      : `passGate(${JSON.stringify(target)}, ${JSON.stringify(FREEZE)})`;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `const q = require(${JSON.stringify(QUIET)});
       q.${call}.then((end) => {
         console.log('held');
         setTimeout(() => { const at = Date.now(); end(); console.log('done ' + at + ' .'); }, ${ms});
       });`,
    ],
    { env: process.env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const seen = (pattern: RegExp, at: (match: RegExpMatchArray) => number) =>
    new Promise<number>((resolve) => {
      const look = () => {
        const match = out.match(pattern);
        if (match) resolve(at(match));
        else child.stdout.once('data', () => setImmediate(look));
      };
      look();
    });
  return {
    held: seen(/held/, () => Date.now()),
    done: seen(/done (\d+) \./, (match) => Number(match[1])),
    exited: new Promise((r) => child.on('exit', r)),
  };
}

void test('a write waits while another process holds a quiet section it may disturb; another goes on', async () => {
  const target = `http://127.0.0.1:1/quiet-${randomUUID()}`;
  const section = other(target, 'quiet', 400);
  await section.held;
  const started = Date.now();
  (await passGate(target, INSTRUCTION))();
  assert.ok(Date.now() - started < 200, 'an instruction moves no frozen month: it goes on');
  const end = await passGate(target, FREEZE);
  const passed = Date.now();
  end();
  const done = await section.done;
  assert.ok(passed >= done, `the freeze passed ${done - passed} ms before the section ended`);
  await section.exited;
});

void test('a quiet section begins once the writes of other processes in flight are answered', async () => {
  const target = `http://127.0.0.1:1/quiet-${randomUUID()}`;
  const write = other(target, 'write', 400);
  await write.held;
  assert.equal(holdsQuiet(target), false);
  const end = await holdQuiet(target, MONTHS);
  const began = Date.now();
  assert.equal(holdsQuiet(target), true);
  end();
  assert.equal(holdsQuiet(target), false);
  const answered = await write.done;
  assert.ok(began >= answered, `the section began ${answered - began} ms before the write was answered`);
  await write.exited;
});

void test("the holder's own writes pass, and another target's gate is its own", async () => {
  const target = `http://127.0.0.1:1/quiet-${randomUUID()}`;
  const end = await holdQuiet(target, MONTHS);
  const started = Date.now();
  (await passGate(target, FREEZE))();
  (await passGate(`${target}-other`, FREEZE))();
  assert.ok(Date.now() - started < 200);
  end();
});

void test('one quiet section at a time: another process waits for the one held', async () => {
  const target = `http://127.0.0.1:1/quiet-${randomUUID()}`;
  const section = other(target, 'quiet', 400);
  await section.held;
  const end = await holdQuiet(target, ['event-schedule']);
  const began = Date.now();
  end();
  const done = await section.done;
  assert.ok(began >= done, `the second section began ${done - began} ms before the first ended`);
  await section.exited;
});

void test('the mark of a process that has ended holds nothing', async () => {
  const target = `http://127.0.0.1:1/quiet-${randomUUID()}`;
  // A pid no process has (beyond the largest the kernel hands out).
  const stale = quietMark(target, 'quiet', '4194399-1');
  mkdirSync(path.dirname(stale), { recursive: true });
  writeFileSync(stale, '');
  const started = Date.now();
  (await passGate(target, FREEZE))();
  assert.ok(Date.now() - started < 200);
  assert.equal(existsSync(stale), false, 'the stale mark is removed');
});
