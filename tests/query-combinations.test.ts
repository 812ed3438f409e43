/**
 * The parts a list route's query combines are read from the document: every query parameter of every
 * operation is a part (or a page parameter), and the set comparisons name what differs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { operations } from '../helpers/contract/contract';
import { queryParameterNames } from '../helpers/contract/list-orders';
import { intersect, pairsOf, queryAtoms, setDifferences } from '../helpers/contract/query-combinations';

void test('every query parameter of the document is a part of its combinations or a page parameter', () => {
  for (const op of operations()) {
    const names = queryParameterNames(op.operationId);
    const covered = queryAtoms(op.operationId).flatMap((a) => (a.kind === 'window' ? a.params : [a.param]));
    assert.deepEqual(
      names.filter((n) => !covered.includes(n) && n !== 'itemsPerPage' && n !== 'currentPage'),
      [],
      op.operationId,
    );
  }
});

void test('the by-period list combines a window, its shortcut, four filters and include; invoices two windows and sort', () => {
  assert.deepEqual(
    queryAtoms('listEventsByPeriod').map((a) => `${a.kind}:${a.name}`),
    [
      'window:due',
      'shortcut:dueMonth',
      'filter:offices',
      'filter:owners',
      'filter:family',
      'filter:eventTypes',
      'shape:include',
    ],
  );
  assert.deepEqual(
    queryAtoms('listInvoices').map((a) => `${a.kind}:${a.name}`),
    ['window:issueDate', 'window:created', 'order:sort'],
  );
  assert.deepEqual(
    queryAtoms('listPatents').map((a) => `${a.kind}:${a.name}`),
    ['order:sort', 'filter:providerId'],
  );
});

void test('pairs, intersections and differences', () => {
  assert.deepEqual(pairsOf([1, 2, 3]), [
    [1, 2],
    [1, 3],
    [2, 3],
  ]);
  assert.deepEqual([...intersect(new Set(['a', 'b']), new Set(['b', 'c']))], ['b']);
  assert.deepEqual(setDifferences(new Set(['a', 'b']), new Set(['b', 'c']), 'x', 'y'), [
    '1 only in x: a',
    '1 only in y: c',
  ]);
  assert.deepEqual(setDifferences(new Set(['a']), new Set(['a']), 'x', 'y'), []);
});
