/**
 * Which connection a request may meet (helpers/wire/connections.ts), on a clock the test moves: a request
 * that is not idempotent never meets an idle connection; any other reuses one only while every idle
 * connection of its context is within its window (1 s, less when the server announces less or dropped a
 * reused connection), else a new context takes over and the old one is closed once its requests are answered.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { APIRequestContext } from '@playwright/test';
import { Connections, IDLE_REUSE_MS, reuseWindow } from '../helpers/wire/connections';

/** Connections over contexts that only say which they are, on a clock the test sets. */
function connections() {
  const opened: { id: number; closeEach: boolean; disposed: boolean }[] = [];
  let now = 0;
  const made = new Connections(
    async ({ closeEach }) => {
      const context = { id: opened.length + 1, closeEach, disposed: false };
      opened.push(context);
      return {
        id: context.id,
        dispose: async () => {
          context.disposed = true;
        },
      } as unknown as APIRequestContext;
    },
    { now: () => now },
  );
  const idOf = (context: APIRequestContext) => (context as unknown as { id: number }).id;
  return { made, opened, idOf, at: (ms: number) => (now = ms) };
}

const kept = { 'content-type': 'application/json' };
const settle = () => new Promise((resolve) => setImmediate(resolve));

void test('a request that is not idempotent goes on the context whose every request has a connection of its own', async () => {
  const { made, opened, idOf } = connections();
  const read = await made.lease(false);
  read.done(kept);
  const write = await made.lease(true);
  assert.equal(write.fresh, true);
  assert.notEqual(idOf(write.context), idOf(read.context));
  assert.deepEqual(
    opened.map((c) => c.closeEach),
    [false, true],
  );
  // The requests sent without the client go there too.
  assert.equal(idOf(await made.freshContext()), idOf(write.context));
  assert.equal(made.stats.fresh, 1);
});

void test('a read reuses the context while its idle connections are within the window, then a new one takes over', async () => {
  const { made, opened, idOf, at } = connections();
  const first = await made.lease(false);
  at(10);
  first.done(kept);
  at(10 + IDLE_REUSE_MS - 1);
  const second = await made.lease(false);
  assert.equal(idOf(second.context), 1, 'idle 999 ms: reused');
  at(2000);
  second.done(kept);
  at(2000 + IDLE_REUSE_MS);
  const third = await made.lease(false);
  assert.equal(idOf(third.context), 2, 'idle 1000 ms: a new context');
  await settle();
  assert.equal(opened[0]!.disposed, true, 'the context left, with no request in flight, is closed');
  assert.equal(made.stats.contextsLeft, 1);
});

void test('every idle connection counts, not only the one freed last: a burst leaves some behind', async () => {
  const { made, idOf, at } = connections();
  const burst = await Promise.all([made.lease(false), made.lease(false), made.lease(false)]);
  at(100);
  for (const lease of burst) lease.done(kept);
  // One read at a time keeps reusing the connection freed last; the two others stay idle since 100 ms.
  for (const t of [600, 1000]) {
    at(t);
    const lease = await made.lease(false);
    assert.equal(idOf(lease.context), 1, `at ${t} ms`);
    lease.done(kept);
  }
  // At 1100 ms the two left behind by the burst are past their window: three reads sent together now would
  // meet them, so the context is left even though the one freed last is fresh.
  at(1100);
  const next = await made.lease(false);
  assert.equal(idOf(next.context), 2);
});

void test('a context left with requests in flight is closed once they are answered, and keeps none of their connections', async () => {
  const { made, opened, idOf, at } = connections();
  const [a, slow] = await Promise.all([made.lease(false), made.lease(false)]);
  a.done(kept);
  at(5000);
  const b = await made.lease(false);
  assert.equal(idOf(b.context), 2);
  await settle();
  assert.equal(opened[0]!.disposed, false, 'a request is still in flight on it');
  slow.done(kept);
  await settle();
  assert.equal(opened[0]!.disposed, true);
  await made.dispose();
  assert.ok(opened.every((c) => c.disposed));
});

void test('the window an answer gives its connection: the announced timeout less 1 s, never more than 1 s', () => {
  assert.equal(reuseWindow({}, IDLE_REUSE_MS), 1000);
  assert.equal(reuseWindow({ 'keep-alive': 'timeout=5' }, IDLE_REUSE_MS), 1000);
  assert.equal(reuseWindow({ 'keep-alive': 'timeout=2, max=100' }, IDLE_REUSE_MS), 1000);
  assert.equal(reuseWindow({ 'keep-alive': 'max=5, timeout=1' }, IDLE_REUSE_MS), 0);
  assert.equal(reuseWindow({ 'keep-alive': 'timeout=0' }, IDLE_REUSE_MS), 0);
  assert.equal(reuseWindow({ connection: 'close' }, IDLE_REUSE_MS), 0);
  assert.equal(reuseWindow({ connection: 'keep-alive' }, 300), 300);
});

void test('a connection the server announces it keeps a second or less is never reused', async () => {
  const { made, idOf, at } = connections();
  const first = await made.lease(false);
  first.done({ 'keep-alive': 'timeout=1' });
  at(1);
  const second = await made.lease(false);
  assert.equal(idOf(second.context), 1, 'the context holds no idle connection: nothing to leave');
  second.done({ connection: 'close' });
  at(5000);
  assert.equal(idOf((await made.lease(false)).context), 1);
});

void test('a reused connection that dropped halves the window to the idle time it had', async () => {
  const { made, idOf, at } = connections();
  const first = await made.lease(false);
  first.done(kept);
  at(400);
  const dropped = await made.lease(false);
  dropped.done(undefined, true);
  assert.equal(made.stats.windowMs, 200);
  const again = await made.lease(false);
  again.done(kept);
  at(650);
  assert.equal(idOf((await made.lease(false)).context), 2, 'idle 250 ms is past the window now');
  // A drop on a connection opened for the request says nothing of idle connections.
  const fresh = await made.lease(false);
  fresh.done(undefined, true);
  assert.equal(made.stats.windowMs, 200);
});

void test('connections over one given context send everything on it and never close it', async () => {
  let disposed = false;
  const context = {
    dispose: async () => {
      disposed = true;
    },
  } as unknown as APIRequestContext;
  const made = Connections.over(context);
  assert.equal((await made.lease(true)).context, context);
  assert.equal((await made.lease(false)).context, context);
  assert.equal(await made.freshContext(), context);
  await made.dispose();
  assert.equal(disposed, false);
});
