/**
 * A worker's worlds (helpers/spec/worlds.ts): what a worker holds for one target never answers a test of
 * another. The mutation run's workers serve many references one after another; each has a world of its own.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { APIRequestContext } from '@playwright/test';
import type { Portfolio } from '../helpers/data/discovery';
import type { Target } from '../helpers/run/target';
import { Worlds } from '../helpers/spec/worlds';

const target = (port: number) => ({ baseUrl: `http://127.0.0.1:${port}` }) as Target;

/** Worlds whose request contexts record their disposal, and whose portfolios name their target. */
function worlds() {
  const disposed: string[] = [];
  const made = new Worlds((t) => ({
    requestContext: async () =>
      ({
        dispose: async () => {
          disposed.push(t.baseUrl);
        },
      }) as unknown as APIRequestContext,
    portfolio: () => ({ label: `primary of ${t.baseUrl}` }) as unknown as Portfolio,
    otherPortfolio: () => ({ label: `other of ${t.baseUrl}` }) as unknown as Portfolio,
  }));
  return { made, disposed };
}

void test('one world per target: its reads and portfolios are its own', async () => {
  const { made } = worlds();
  const a = made.of(target(1));
  const b = made.of(target(2));
  assert.equal(made.of(target(1)), a);
  assert.notEqual(a, b);
  assert.equal(
    a.memo('invoiceSnapshot', () => 'read from 1'),
    'read from 1',
  );
  assert.equal(
    b.memo('invoiceSnapshot', () => 'read from 2'),
    'read from 2',
  );
  assert.equal(
    a.memo('invoiceSnapshot', () => 'read again'),
    'read from 1',
  );
  assert.equal((await a.portfolio()).label, 'primary of http://127.0.0.1:1');
  assert.equal((await b.portfolio()).label, 'primary of http://127.0.0.1:2');
  assert.equal(await a.portfolio(), await a.portfolio());
  assert.equal((await b.otherPortfolio()).label, 'other of http://127.0.0.1:2');
});

void test('worlds left behind are closed, the one in use never; all are closed with the worker', async () => {
  const { made, disposed } = worlds();
  const first = made.of(target(1));
  await first.requestContext();
  for (let port = 2; port <= 8; port++) await made.of(target(port)).requestContext();
  assert.equal(made.size, 8);
  assert.deepEqual(disposed, []);
  // Used again, the first world is the most recent: the next one evicts the second instead.
  assert.equal(made.of(target(1)), first);
  await made.of(target(9)).requestContext();
  assert.equal(made.size, 8);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(disposed, ['http://127.0.0.1:2']);
  // A closed world is made anew, with nothing of what it held.
  const second = made.of(target(2));
  assert.equal(
    second.memo('read', () => 'fresh'),
    'fresh',
  );
  await made.dispose();
  assert.equal(made.size, 0);
  assert.equal(disposed.length, 9);
});
