/**
 * Problem details (RFC 9457), validation_failed: its errors array, and the field errors with their RFC 6901
 * pointers into the request body.
 * Contract: Errors (code table, field error); Endpoints (400 on bad path parameters).
 */
import { randomUUID } from 'node:crypto';
import {
  type ApiClient,
  type ApiResponse,
  errorsArray,
  expect,
  expectRuleHolds,
  malformedJson,
  nonEmpty,
  type SharedAnswerName,
  test,
  titled,
} from '../helpers/test';

type Body = Record<string, unknown>;

test.describe('problems', () => {
  // Each test provokes validation_failed (the precondition: the rules of its answer judge the answers that
  // carry the code); the registry's rules judge the code's status and type, its errors and their pointers.
  test.describe('validation_failed', () => {
    // Answers other tests check for their own clause are shared (one request per run, helpers/wire/shared-answers.ts).
    const cases: {
      label: string;
      send: (
        api: ApiClient,
        sharedAnswer: (name: SharedAnswerName) => Promise<ApiResponse>,
      ) => Promise<ApiResponse>;
    }[] = [
      {
        label: 'a patent id that is not a UUID',
        send: (_api, sharedAnswer) => sharedAnswer('malformedPatentId'),
      },
      {
        label: 'an invoice id that is not a UUID',
        send: (api) => api.call('getInvoice', { path: { invoiceId: '12345' } }),
      },
      {
        label: 'a freeze month that is not YYYY-MM',
        send: (api) => api.call('getExchangeRateFreeze', { path: { yearMonth: '2024-13' } }),
      },
      {
        label: 'an unknown sort field on the patent list',
        send: (_api, sharedAnswer) => sharedAnswer('patentsUnknownSort'),
      },
      {
        label: 'an unknown sort field on the invoice list',
        send: (_api, sharedAnswer) => sharedAnswer('invoicesUnknownSort'),
      },
      {
        label: 'events by period without a due window',
        send: (_api, sharedAnswer) => sharedAnswer('periodWithoutWindow'),
      },
      {
        label: 'events by period with dueFrom alone',
        send: (_api, sharedAnswer) => sharedAnswer('periodDueFromOnly'),
      },
      {
        label: 'an instruction POST with malformed JSON',
        send: (api) => api.call('postInstructions', { body: malformedJson('{"instructions": [') }),
      },
      {
        label: 'a sync POST with malformed JSON',
        send: (api) => api.call('syncPatents', { body: malformedJson('{"items": [{"title": }') }),
      },
    ];
    for (const { label, send } of cases) {
      test(
        ...titled(`[PROB-009, PROB-011] ${label} gets 400 validation_failed with an errors array`),
        async ({ api, sharedAnswer }) => {
          const response = await send(api, sharedAnswer);
          expect(response).toBeProblem({ code: 'validation_failed' });
          expectRuleHolds('PROB-009', response);
          expectRuleHolds('PROB-011', response);
        },
      );
    }

    test(
      ...titled(
        '[PROB-026] field errors of query and path parameters have a string pointer, a non-empty string code and a string message',
      ),
      async ({ api }) => {
        // A pointer is "into the request body": for a query or path parameter, which is not in the body, its
        // value is not stated (OPEN-POINTS E4), so only its type is checked (variant query-path-pointer-by-name).
        const [inPath, inQuery] = await Promise.all([
          api.call('getPatentEvent', { path: { patentId: 'a~b', eventId: 'c~1d' } }),
          api.call('listPatents', { query: { sort: 'no~such/field' } }),
        ]);
        for (const response of [inPath, inQuery]) {
          expect(response).toBeProblem({ code: 'validation_failed' });
          nonEmpty(errorsArray(response), { target: response }, `field error in ${response.describe()}`);
        }
        expectRuleHolds('PROB-026', inPath, inQuery);
      },
    );

    const bodyCases: {
      label: string;
      operation: 'postInstructions' | 'syncPatents';
      body: Body;
      /**
       * One of these pointers must be among the field errors: the member's, or for a member that was not sent
       * (or an entry that is not an object) the object or array holding it (as Ajv-based servers report it).
       */
      pointers: string[];
    }[] = [
      {
        label: 'an eventId that is not a UUID in the second instruction',
        operation: 'postInstructions',
        body: {
          instructions: [
            { eventId: randomUUID(), decision: 'PROCEED' },
            { eventId: 'not-a-uuid', decision: 'PROCEED' },
          ],
        },
        pointers: ['/instructions/1/eventId'],
      },
      {
        label: 'a decision outside the allowed values in the second instruction',
        operation: 'postInstructions',
        body: {
          instructions: [
            { eventId: randomUUID(), decision: 'SKIP_THIS_TIME' },
            { eventId: randomUUID(), decision: 'MAYBE' },
          ],
        },
        pointers: ['/instructions/1/decision'],
      },
      {
        label: 'an instruction without eventId',
        operation: 'postInstructions',
        body: { instructions: [{ decision: 'DROP' }] },
        pointers: ['/instructions/0/eventId', '/instructions/0'],
      },
      {
        label: 'a body without instructions',
        operation: 'postInstructions',
        body: {},
        pointers: ['/instructions', ''],
      },
      {
        label: 'instructions that are not an array',
        operation: 'postInstructions',
        body: { instructions: 'PROCEED' },
        pointers: ['/instructions'],
      },
      {
        label: 'members whose keys hold "/" and "~" beside an eventId that is not a UUID',
        operation: 'postInstructions',
        body: {
          'meta/data~1': { 'a~b/c': true },
          instructions: [{ eventId: 'not/a~uuid', decision: 'PROCEED', 'note/x~0': 'kept' }],
        },
        pointers: ['/instructions/0/eventId'],
      },
      {
        label: 'sync items that are empty',
        operation: 'syncPatents',
        body: { items: [] },
        pointers: ['/items'],
      },
      {
        label: 'a sync item that is not an object',
        operation: 'syncPatents',
        body: { items: [{ title: 'Conformance probe' }, 42] },
        pointers: ['/items/1', '/items'],
      },
      {
        label: 'an empty externalImportRef',
        operation: 'syncPatents',
        body: { externalImportRef: '', items: [{ title: 'Conformance probe' }] },
        pointers: ['/externalImportRef'],
      },
    ];
    for (const { label, operation, body, pointers: expected } of bodyCases) {
      test(
        ...titled(
          `[PROB-024, PROB-025] ${operation} with ${label}: field error pointers resolve into the body, one is ${expected.join(' or ')}`,
        ),
        async ({ api }) => {
          const response = await api.call(operation, { body });
          expect(response).toBeProblem({ code: 'validation_failed' });
          // Which member the test broke, only the test knows: one error points at it (or at what holds it).
          const pointers = errorsArray(response).map((e) => e.pointer);
          expect(
            pointers.some((p) => expected.includes(String(p))),
            `one pointer among ${JSON.stringify(expected)}, received ${JSON.stringify(pointers)}`,
          ).toBe(true);
          // Every pointer a string (PROB-026's judge), a valid RFC 6901 pointer (PROB-025's) into the body (PROB-024's).
          expectRuleHolds('PROB-026', response);
          expectRuleHolds('PROB-025', response);
          expectRuleHolds('PROB-024', response);
        },
      );
    }

    test(
      ...titled(
        '[PROB-026] every field error has a string pointer, a non-empty string code and a string message',
      ),
      async ({ api }) => {
        const response = await api.call('postInstructions', {
          body: { instructions: [{ eventId: 'not-a-uuid', decision: 'NEVER' }] },
        });
        expect(response).toBeProblem({ code: 'validation_failed' });
        expect(errorsArray(response).length, 'at least one field error').toBeGreaterThan(0);
        expectRuleHolds('PROB-026', response);
      },
    );
  });
});
