/**
 * The orders of the sorted lists and the acceptance of their parameters (helpers/contract/list-orders.ts; the
 * rules: helpers/rules/patents.ts, invoices.ts, period.ts):
 * the order checks the specs and the registry share, the facts read from the document, and the invariants
 * PAT-017..019, INV-018..020 and PER-013, each breaking on a faulty answer, holding on a conformant one
 * (the freedoms included) and judging nothing where the answer cannot tell.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answer, onePage } from './answer-support';
import type { AnswerFacts } from '../helpers/contract/invariant-types';
import {
  knownIncludeValues,
  orderProblems,
  othersValid,
  sortFields,
  sortKind,
  sortValues,
  sweepProblems,
} from '../helpers/contract/list-orders';
import { judgeAnswer } from '../helpers/rules/registry';

/** The breaches of `id` (a rule of the sorted lists or of include), or undefined when none judged the answer. */
function breachesOf(id: string, facts: AnswerFacts): string[] | undefined {
  const judged = judgeAnswer(facts).filter((j) => j.invariant.id === id);
  return judged.length === 0 ? undefined : judged.flatMap((j) => j.breaches);
}

const patents = (sort: string | undefined, values: (string | null)[], field: string, extra = {}) =>
  answer({
    operationId: 'listPatents',
    query: { ...(sort === undefined ? {} : { sort: [sort] }), ...extra },
    body: onePage(
      values.map((v) => ({ object: 'patent', [field]: v })),
      100,
    ),
  });

const invoices = (sort: string | undefined, values: (string | null)[], field: string) =>
  answer({
    operationId: 'listInvoices',
    path: '/api/v2/external/invoices',
    query: sort === undefined ? {} : { sort: [sort] },
    body: onePage(
      values.map((v) => ({ object: 'invoice', [field]: v })),
      100,
    ),
  });

const problem = (status: number, code: string) => ({ status, code, type: '/errors/x', title: 't' });

void test('the facts come from the document: allowed sort values, defaults, kinds, include values', () => {
  assert.deepEqual(sortFields('listPatents'), [
    'clientCaseReference',
    'office',
    'applicationDate',
    'publicationNumber',
    'status',
  ]);
  assert.ok(sortValues('listPatents').allowed.includes('-status'));
  assert.equal(sortValues('listPatents').default, undefined);
  assert.deepEqual(sortValues('listInvoices'), {
    allowed: ['issueDate', '-issueDate', 'createdAt', '-createdAt'],
    default: '-issueDate',
  });
  assert.equal(sortKind('Patent', 'applicationDate'), 'date');
  assert.equal(sortKind('Patent', 'clientCaseReference'), 'text');
  assert.equal(sortKind('Patent', 'office'), 'code');
  assert.equal(sortKind('Patent', 'status'), 'code');
  assert.equal(sortKind('Invoice', 'createdAt'), 'instant');
  assert.deepEqual(knownIncludeValues(), ['fees']);
});

void test('orderProblems: dates and instants monotonic, nulls one block at an end, ties free', () => {
  assert.deepEqual(orderProblems(['2020-01-01', '2020-01-01', '2021-05-02', null, null], 'date', false), []);
  assert.deepEqual(orderProblems([null, '2021-05-02', '2020-01-01'], 'date', true), []);
  assert.equal(orderProblems(['2021-05-02', '2020-01-01'], 'date', false).length, 1);
  assert.equal(orderProblems(['2020-01-01', null, '2021-05-02'], 'date', false).length, 1);
  // The same instant in two notations, then a later one.
  assert.deepEqual(
    orderProblems(
      ['2024-01-01T10:00:00Z', '2024-01-01T10:00:00+00:00', '2024-01-01T11:00:00Z'],
      'instant',
      false,
    ),
    [],
  );
  assert.equal(
    orderProblems(['2024-01-01T11:00:00Z', '2024-01-01T10:00:00+00:00'], 'instant', false).length,
    1,
  );
});

void test('orderProblems: free text only where every collation agrees; codes by grouping only', () => {
  // Binary and case-insensitive disagree on Banana/apple: either order holds.
  assert.deepEqual(orderProblems(['Banana', 'apple'], 'text', false), []);
  assert.deepEqual(orderProblems(['apple', 'Banana'], 'text', false), []);
  assert.deepEqual(orderProblems(['item10', 'item9'], 'text', false), []);
  assert.equal(orderProblems(['pear', 'apple'], 'text', false).length, 1);
  assert.deepEqual(orderProblems(['pear', 'apple'], 'text', true), []);
  // Codes may rank by the server's own order; equal codes come together.
  assert.deepEqual(orderProblems(['WO', 'WO', 'EP', 'EA'], 'code', false), []);
  assert.equal(orderProblems(['EP', 'WO', 'EP'], 'code', false).length, 1);
  // A sweep leaves the direction of free text to its two directions.
  assert.deepEqual(sweepProblems(['pear', 'apple'], 'text', false), []);
});

void test('PAT-017: a sorted page of patents in the order asked, with the freedoms', () => {
  assert.deepEqual(
    breachesOf('PAT-017', patents('-applicationDate', ['2021-01-01', '2020-01-01'], 'applicationDate')),
    [],
  );
  assert.equal(
    breachesOf('PAT-017', patents('applicationDate', ['2021-01-01', '2020-01-01'], 'applicationDate'))!
      .length,
    1,
  );
  // Nulls first or last, in either direction.
  assert.deepEqual(
    breachesOf('PAT-017', patents('applicationDate', [null, '2020-01-01', '2021-01-01'], 'applicationDate')),
    [],
  );
  assert.deepEqual(
    breachesOf('PAT-017', patents('-applicationDate', ['2021-01-01', '2020-01-01', null], 'applicationDate')),
    [],
  );
  assert.equal(
    breachesOf('PAT-017', patents('clientCaseReference', ['b-2', 'a-1'], 'clientCaseReference'))!.length,
    1,
  );
  assert.deepEqual(
    breachesOf('PAT-017', patents('-clientCaseReference', ['b-2', 'a-1'], 'clientCaseReference')),
    [],
  );
  assert.deepEqual(breachesOf('PAT-017', patents('status', ['PENDING', 'GRANTED', 'LAPSED'], 'status')), []);
  assert.equal(breachesOf('PAT-017', patents('office', ['EP', 'WO', 'EP'], 'office'))!.length, 1);
  // Not judged: a member outside the allowed list, no sort, one item, a refusal.
  assert.equal(breachesOf('PAT-017', patents('title', ['b', 'a'], 'title')), undefined);
  assert.equal(breachesOf('PAT-017', patents(undefined, ['b', 'a'], 'clientCaseReference')), undefined);
  assert.equal(breachesOf('PAT-017', patents('office', ['EP'], 'office')), undefined);
});

const refusedInvoices = (sort: string, query: Record<string, string[]> = {}) =>
  answer({
    operationId: 'listInvoices',
    path: '/api/v2/external/invoices',
    status: 400,
    query: { sort: [sort], ...query },
    body: problem(400, 'validation_failed'),
  });

void test('PAT-018: a sort on an allowed field, the rest valid, answers 200', () => {
  const refused = (sort: string, query: Record<string, string[]> = {}, status = 400) =>
    answer({
      operationId: 'listPatents',
      status,
      query: { sort: [sort], ...query },
      body: problem(status, 'validation_failed'),
    });
  assert.equal(breachesOf('PAT-018', refused('publicationNumber'))!.length, 1);
  assert.equal(
    breachesOf('PAT-018', refused('-status', { itemsPerPage: ['250'], currentPage: ['1'] }))!.length,
    1,
  );
  // A page past the end may be refused (OPEN-POINTS B3): a later page is judged only on a 200 answer.
  assert.equal(breachesOf('PAT-018', refused('office', { currentPage: ['999'] })), undefined);
  assert.equal(breachesOf('INV-018', refusedInvoices('-createdAt', { currentPage: ['2'] })), undefined);
  assert.equal(breachesOf('INV-018', refusedInvoices('-createdAt', { currentPage: ['1'] }))!.length, 1);
  assert.deepEqual(
    breachesOf('PAT-018', patents('office', ['EP', 'WO'], 'office', { currentPage: ['999'] })),
    [],
  );
  assert.deepEqual(breachesOf('PAT-018', patents('-publicationNumber', ['b', 'a'], 'publicationNumber')), []);
  // The refusal may be for another parameter, or come before validation.
  assert.equal(breachesOf('PAT-018', refused('publicationNumber', { itemsPerPage: ['0'] })), undefined);
  assert.equal(breachesOf('PAT-018', refused('publicationNumber', { currentPage: ['x'] })), undefined);
  assert.equal(breachesOf('PAT-018', refused('publicationNumber', { colour: ['red'] })), undefined);
  assert.equal(breachesOf('PAT-018', refused('publicationNumber', { providerId: ['a', 'b'] })), undefined);
  assert.equal(breachesOf('PAT-018', refused('publicationNumber', {}, 403)), undefined);
  assert.equal(breachesOf('PAT-018', refused('publicationNumber', {}, 500)), undefined);
  assert.equal(breachesOf('PAT-018', refused('unknown')), undefined);
});

void test('PAT-019 and INV-020: a sort on no member of the resource, the rest valid, gives 400 validation_failed', () => {
  const listed = (operationId: string, sort: string, query: Record<string, string[]> = {}) =>
    answer({ operationId, query: { sort: [sort], ...query }, body: { pagination: {}, data: [] } });
  const refusedWith = (operationId: string, sort: string, code: string) =>
    answer({ operationId, status: 400, query: { sort: [sort] }, body: problem(400, code) });
  assert.equal(breachesOf('PAT-019', listed('listPatents', 'unknown'))!.length, 1);
  // A case variant of an allowed field is no member: member names are case-sensitive (docs/partitions.md).
  assert.equal(breachesOf('PAT-019', listed('listPatents', 'OFFICE'))!.length, 1);
  assert.equal(breachesOf('PAT-019', listed('listPatents', 'Office'))!.length, 1);
  assert.equal(breachesOf('INV-020', listed('listInvoices', '-CreatedAt'))!.length, 1);
  assert.equal(breachesOf('PAT-019', listed('listPatents', '-dueDate'))!.length, 1);
  assert.equal(breachesOf('PAT-019', refusedWith('listPatents', 'unknown', 'bad_request'))!.length, 1);
  assert.deepEqual(breachesOf('PAT-019', refusedWith('listPatents', 'unknown', 'validation_failed')), []);
  assert.equal(breachesOf('INV-020', listed('listInvoices', '-IssueDate'))!.length, 1);
  assert.deepEqual(breachesOf('INV-020', refusedWith('listInvoices', '-dueDate', 'validation_failed')), []);
  // A member outside the allowed list may sort; a value that is no plain name, or a request invalid elsewhere.
  assert.equal(breachesOf('PAT-019', listed('listPatents', 'title')), undefined);
  // A member of the invoice outside the allowed fields: 400 validation_failed or accepted, never another answer.
  assert.deepEqual(breachesOf('INV-020', listed('listInvoices', '-reference')), []);
  assert.equal(
    breachesOf(
      'INV-020',
      answer({
        operationId: 'listInvoices',
        status: 404,
        query: { sort: ['-reference'] },
        body: problem(404, 'not_found'),
      }),
    )!.length,
    1,
  );
  assert.equal(breachesOf('PAT-019', listed('listPatents', '')), undefined);
  assert.equal(breachesOf('PAT-019', listed('listPatents', '--office')), undefined);
  assert.equal(
    breachesOf('INV-020', listed('listInvoices', 'unknown', { issueDateFrom: ['2024/01/01'] })),
    undefined,
  );
  assert.equal(
    breachesOf(
      'INV-020',
      listed('listInvoices', 'unknown', { createdFrom: ['2024-02-01'], createdTo: ['2024-01-01'] }),
    ),
    undefined,
  );
  assert.equal(
    breachesOf('PAT-019', answer({ operationId: 'listPatents', status: 429, query: { sort: ['unknown'] } })),
    undefined,
  );
});

void test('INV-018 and INV-019: invoices in the order asked, latest issued first without sort', () => {
  assert.deepEqual(
    breachesOf(
      'INV-018',
      invoices('createdAt', ['2024-01-01T10:00:00Z', '2024-01-02T00:00:00+00:00'], 'createdAt'),
    ),
    [],
  );
  assert.equal(
    breachesOf(
      'INV-018',
      invoices('-createdAt', ['2024-01-01T10:00:00Z', '2024-01-02T00:00:00Z'], 'createdAt'),
    )!.length,
    1,
  );
  assert.equal(
    breachesOf('INV-018', invoices('issueDate', ['2024-02-01', '2024-01-01'], 'issueDate'))!.length,
    1,
  );
  assert.equal(
    breachesOf(
      'INV-018',
      answer({
        operationId: 'listInvoices',
        status: 400,
        query: { sort: ['createdAt'] },
        body: problem(400, 'validation_failed'),
      }),
    )!.length,
    1,
  );
  assert.deepEqual(
    breachesOf('INV-019', invoices(undefined, ['2024-02-01', '2024-02-01', '2024-01-01', null], 'issueDate')),
    [],
  );
  assert.equal(
    breachesOf('INV-019', invoices(undefined, ['2024-01-01', '2024-02-01'], 'issueDate'))!.length,
    1,
  );
  assert.equal(
    breachesOf('INV-019', invoices('issueDate', ['2024-01-01', '2024-02-01'], 'issueDate')),
    undefined,
  );
});

void test('PER-013: an unknown include value answers as if absent, the rest valid', () => {
  const byPeriod = (query: Record<string, string[]>, status: number, data: object[] = []) =>
    answer({
      operationId: 'listEventsByPeriod',
      path: '/api/v2/external/patent-events',
      status,
      query,
      body: status === 200 ? onePage(data) : problem(status, 'validation_failed'),
    });
  const event = { object: 'patentEvent', id: 'e1' };
  const withFees = { ...event, fees: { object: 'fees' } };
  const month = { dueMonth: ['2025-03'] };
  assert.equal(breachesOf('PER-013', byPeriod({ ...month, include: ['no-such-expansion'] }, 400))!.length, 1);
  assert.deepEqual(
    breachesOf('PER-013', byPeriod({ ...month, include: ['no-such-expansion'] }, 200, [event])),
    [],
  );
  assert.equal(
    breachesOf('PER-013', byPeriod({ ...month, include: ['documents'] }, 200, [withFees]))!.length,
    1,
  );
  assert.deepEqual(
    breachesOf('PER-013', byPeriod({ ...month, include: ['documents,fees'] }, 200, [withFees])),
    [],
  );
  // The comma as %2C (or the wire unknown): a server splitting raw reads one unknown value and adds no fees;
  // the status and a known value on neither reading are still judged.
  assert.deepEqual(
    breachesOf('PER-013', byPeriod({ ...month, include: ['documents,fees'] }, 200, [event])),
    [],
  );
  const encoded = { rawQuery: 'dueMonth=2025-03&include=documents%2Cfees' };
  assert.deepEqual(
    breachesOf('PER-013', {
      ...byPeriod({ ...month, include: ['documents,fees'] }, 200, [event]),
      ...encoded,
    }),
    [],
  );
  assert.equal(
    breachesOf('PER-013', { ...byPeriod({ ...month, include: ['documents,fees'] }, 400), ...encoded })!
      .length,
    1,
  );
  assert.equal(
    breachesOf('PER-013', byPeriod({ ...month, include: ['documents,x'] }, 200, [withFees]))!.length,
    1,
  );
  // A literal comma is read alike either way: the fees are judged, on the events of a known kind only.
  const literal = { rawQuery: 'dueMonth=2025-03&include=documents,fees' };
  const renewal = { ...event, eventType: 'RENEWAL' };
  const laterKind = { ...event, id: 'e2', eventType: 'NEW_KIND' };
  assert.equal(
    breachesOf('PER-013', {
      ...byPeriod({ ...month, include: ['documents,fees'] }, 200, [renewal, laterKind]),
      ...literal,
    })!.length,
    1,
  );
  assert.deepEqual(
    breachesOf('PER-013', {
      ...byPeriod({ ...month, include: ['documents,fees'] }, 200, [{ ...renewal, fees: {} }, laterKind]),
      ...literal,
    }),
    [],
  );
  assert.equal(
    breachesOf('PER-013', byPeriod({ dueFrom: ['2025-03-01'], dueTo: ['2025-03-31'], include: ['x'] }, 400))!
      .length,
    1,
  );
  // FEES or an empty entry is `fees` or an unknown value (not stated): 200 either way, the members not judged.
  assert.equal(breachesOf('PER-013', byPeriod({ ...month, include: ['FEES'] }, 400))!.length, 1);
  assert.equal(breachesOf('PER-013', byPeriod({ ...month, include: ['x,'] }, 400))!.length, 1);
  assert.deepEqual(breachesOf('PER-013', byPeriod({ ...month, include: ['FEES'] }, 200, [renewal])), []);
  assert.deepEqual(
    breachesOf('PER-013', byPeriod({ ...month, include: ['Fees'] }, 200, [{ ...renewal, fees: {} }])),
    [],
  );
  // Not judged: only known values, a repeated include, an invalid window, a kind of event the suite does not
  // know, an answer before validation.
  assert.equal(breachesOf('PER-013', byPeriod({ ...month, include: ['fees'] }, 400)), undefined);
  assert.equal(breachesOf('PER-013', byPeriod({ ...month, include: ['x', 'y'] }, 400)), undefined);
  assert.equal(breachesOf('PER-013', byPeriod({ include: ['x'] }, 400)), undefined);
  assert.equal(breachesOf('PER-013', byPeriod({ dueMonth: ['2025-13'], include: ['x'] }, 400)), undefined);
  assert.equal(breachesOf('PER-013', byPeriod({ dueFrom: ['2025-03-01'], include: ['x'] }, 400)), undefined);
  assert.equal(
    breachesOf(
      'PER-013',
      byPeriod({ ...month, dueFrom: ['2025-03-01'], dueTo: ['2025-03-31'], include: ['x'] }, 400),
    ),
    undefined,
  );
  assert.equal(
    breachesOf('PER-013', byPeriod({ ...month, eventTypes: ['NOT_A_KIND'], include: ['x'] }, 400)),
    undefined,
  );
  assert.equal(breachesOf('PER-013', byPeriod({ ...month, include: ['x'] }, 401)), undefined);
  // A later page (B3) and an office not of office code form (B11) may be refused; office codes may not.
  assert.equal(
    breachesOf('PER-013', byPeriod({ ...month, currentPage: ['999'], include: ['x'] }, 400)),
    undefined,
  );
  for (const offices of [['ep'], ['EP,FR'], ['EUROPE']])
    assert.equal(breachesOf('PER-013', byPeriod({ ...month, offices, include: ['x'] }, 400)), undefined);
  assert.equal(
    breachesOf('PER-013', byPeriod({ ...month, offices: ['EP', 'WO', 'USA', '076'], include: ['x'] }, 400))!
      .length,
    1,
  );
});

void test('othersValid: the operation declares the parameter, its schema holds, windows are whole', () => {
  const facts = (operationId: string, query: Record<string, string[]>) => answer({ operationId, query });
  assert.ok(othersValid(facts('listInvoices', { sort: ['nope'], issueDateFrom: ['2024-01-01'] }), 'sort'));
  assert.ok(!othersValid(facts('listInvoices', { sort: ['nope'] }), 'include'));
  assert.ok(othersValid(facts('listPatents', { itemsPerPage: ['250'], providerId: ['P-1'] }), 'sort'));
  assert.ok(!othersValid(facts('listPatents', { itemsPerPage: ['-1'] }), 'sort'));
  assert.ok(
    othersValid(
      facts('listEventsByPeriod', { dueMonth: ['2025-01'], offices: ['EP', 'WO'], eventTypes: ['RENEWAL'] }),
      'include',
    ),
  );
  assert.ok(
    !othersValid(facts('listEventsByPeriod', { dueFrom: ['2025-02-01'], dueTo: ['2025-01-01'] }), 'include'),
  );
});
