/**
 * The rate-limit headers of every kind of authenticated answer: RateLimit-Limit, -Remaining and -Reset on
 * every authenticated answer, errors included. The client checks the headers of every answer the suite
 * receives (the rate-limit invariants, helpers/rules/ratelimits.ts, and the countdown of
 * helpers/wire/rate-limit-headers.ts); the tests here name each kind of answer and read the same rules. Which
 * answers are necessarily authenticated (a 400 is not): schemas/OPEN-POINTS.md E4. The daily quota counted
 * call by call, on the low-quota key: specs/daily-quota.spec.ts.
 * Contract: Limits (daily call quota, rate-limit headers).
 */
import {
  type ApiClient,
  type ApiResponse,
  AWAITING_DECISION,
  expect,
  expectJudged,
  type KeyRole,
  locateInstructionReceipt,
  type Portfolio,
  postInstructions,
  rateLimitBreaches,
  rateLimitRule,
  reinstruct,
  type Setting,
  type SharedAnswerName,
  type Target,
  sharedDocumentDownload,
  test,
  titled,
} from '../helpers/test';

/** The breaches of the rate-limit rules the answer of `client` shows (those of `ids` only, when given). */
function rateLimitRuleBreaches(
  response: ApiResponse,
  client: ApiClient,
  target: Target,
  ids?: string[],
): string[] {
  return rateLimitBreaches(response, client.key!, rateLimitRule(target), target.baseUrl)
    .filter((b) => ids === undefined || ids.includes(b.requirement))
    .map((b) => b.message);
}

interface Clients {
  api: ApiClient;
  as: (role: KeyRole) => ApiClient;
  portfolio: Portfolio;
  requireSetting: (setting: Setting) => void;
  sharedAnswer: (name: SharedAnswerName) => Promise<ApiResponse>;
}

/**
 * One answer of each kind that only an authenticated request can get (OPEN-POINTS E4). A 400 is not one:
 * parameters may be validated before the key is checked (B14), so neither the headers nor counting can be
 * required of it (variant validate-before-authenticate).
 */
const AUTHENTICATED_ANSWERS: { label: string; status: number; send: (c: Clients) => Promise<ApiResponse> }[] =
  [
    {
      label: '200 list',
      status: 200,
      send: ({ api }) => api.call('listPatents', { query: { itemsPerPage: 1 } }),
    },
    {
      label: '200 PDF download',
      status: 200,
      // The run's shared download of an existing instruction receipt.
      send: async ({ api, portfolio }) =>
        (
          await sharedDocumentDownload(api, 'getInstructionReceiptDocument', () =>
            locateInstructionReceipt(api, portfolio),
          )
        ).response,
    },
    {
      label: '201 sync',
      status: 201,
      send: ({ api, requireSetting }) => {
        requireSetting('ALLOW_WRITES');
        // One item with neither providerId nor servicePatentId: REJECTED, no patent changes.
        return api.call('syncPatents', {
          body: { items: [{ title: 'rate-limit probe: neither providerId nor servicePatentId' }] },
        });
      },
    },
    {
      label: '403 insufficient_scope',
      status: 403,
      send: ({ sharedAnswer }) => sharedAnswer('lackingScope'),
    },
    {
      label: '403 forbidden',
      status: 403,
      send: ({ sharedAnswer }) => sharedAnswer('withoutFreezeCapability'),
    },
    {
      label: '404 not_found',
      status: 404,
      send: ({ sharedAnswer }) => sharedAnswer('unknownPatent'),
    },
    {
      label: '409 instruction_already_set',
      status: 409,
      send: async ({ api, portfolio, requireSetting }) => {
        requireSetting('ALLOW_INSTRUCTIONS');
        const event = await portfolio.eventIn('already-instructed');
        const response = await reinstruct(api, event);
        // The snapshot's state plus the run's writes since: "An executed instruction cannot be modified".
        await portfolio.requireUnmoved(event, 'instructability', 'event-decision');
        return response;
      },
    },
    {
      label: '422 instruction_too_early',
      status: 422,
      send: async ({ api, portfolio, requireSetting }) => {
        requireSetting('ALLOW_INSTRUCTIONS');
        const event = await portfolio.eventIn('too-early', AWAITING_DECISION);
        const response = await postInstructions(api, [{ eventId: event.id, decision: 'PROCEED' }]);
        // The snapshot's state plus the run's writes since: a push that moves its due date moves its window.
        await portfolio.requireUnmoved(event, 'instructability', 'event-decision');
        return response;
      },
    },
  ];

test.describe('rate limits', () => {
  for (const { label, status, send } of AUTHENTICATED_ANSWERS) {
    test(
      ...titled(
        `[RATE-006, RATE-007, RATE-009] a ${label} answer carries RateLimit-Limit, -Remaining and -Reset`,
      ),
      async ({ api, as, portfolio, requireSetting, sharedAnswer, target }) => {
        const response = await send({ api, as, portfolio, requireSetting, sharedAnswer });
        expect(response).toHaveStatus(status);
        // The registry's rate-limit rules, applied to this answer as they were to every exchange as it arrived: a
        // shared answer (the download, the 403s, the 404) may have arrived in another worker, and the rules judged
        // on the exchange need the key that sent it, which expectRuleHolds does not apply.
        expect(
          rateLimitRuleBreaches(response, api, target, ['RATE-006', 'RATE-007', 'RATE-009']),
          'the rate-limit rules of the answer',
        ).toEqual([]);
        expectJudged('RATE-006', api.baseUrl, "this worker's answers to configured keys");
        expectJudged('RATE-007', api.baseUrl, "this worker's answers to configured keys");
        expectJudged('RATE-009', api.baseUrl, "this worker's answers to configured keys");
      },
    );
  }
});
