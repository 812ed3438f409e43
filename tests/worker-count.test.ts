/**
 * The workers of a run follow the target: the cores (at least 2) for the embedded reference or a mutation
 * run's references, REMOTE_WORKERS for a configured target, WORKERS when set; MAX_IN_FLIGHT caps them, and
 * each worker's share of it is what it may have in flight. A worker reads the runner's choice.
 */
import assert from 'node:assert/strict';
import os from 'node:os';
import { test } from 'node:test';
import { inFlightPerWorker, REMOTE_WORKERS, workerCount } from '../helpers/run/settings';

const cores = Math.max(2, os.availableParallelism());

void test('the embedded reference and a mutation run use the cores; a configured target REMOTE_WORKERS', () => {
  assert.equal(workerCount({}), cores);
  assert.equal(workerCount({ BASE_URL: 'http://127.0.0.1:1', MUTATION_TARGETS: '[]' }), cores);
  assert.equal(workerCount({ BASE_URL: 'https://staging.example' }), REMOTE_WORKERS);
  assert.equal(workerCount({ BASE_URL: 'https://staging.example', WORKERS: '3' }), 3);
});

void test('MAX_IN_FLIGHT caps the workers and shares itself among them', () => {
  assert.equal(workerCount({ BASE_URL: 'https://staging.example', MAX_IN_FLIGHT: '2' }), 2);
  assert.equal(inFlightPerWorker({ BASE_URL: 'https://staging.example', MAX_IN_FLIGHT: '2' }), 1);
  assert.equal(
    inFlightPerWorker({ BASE_URL: 'https://staging.example', WORKERS: '2', MAX_IN_FLIGHT: '7' }),
    3,
  );
  assert.equal(inFlightPerWorker({ BASE_URL: 'https://staging.example' }), Number.POSITIVE_INFINITY);
  assert.equal(
    workerCount({ MAX_IN_FLIGHT: 'none' }),
    cores,
    'a value that is not a positive whole number is no cap',
  );
});

void test("a worker reads the runner's choice, whatever its own environment holds", () => {
  assert.equal(workerCount({ CONFORMANCE_WORKERS: '5', BASE_URL: 'http://127.0.0.1:9' }), 5);
  assert.equal(inFlightPerWorker({ CONFORMANCE_WORKERS: '5', MAX_IN_FLIGHT: '10' }), 2);
});
