/**
 * The daily quota of a key counted call by call: one unit per call, 401s not counted, quota per key, the
 * reset counting down, and the 429 with Retry-After once the quota is used up. The sequence runs on the
 * low-quota key (API_KEY_LOW_QUOTA), which no other spec uses, in serial mode: each test reads the key's
 * RateLimit-Remaining before and after its calls.
 * A file of its own, named for the contract's daily call quota: the sequence must run alone on its key and is
 * the longest chain of requests of the run, so it starts early (Playwright takes the spec files in the order
 * of their names) instead of ending the run. Its tests keep their describe path, and with it their history
 * (helpers/contract/history-identity.ts). The headers of every kind of answer: specs/ratelimits.spec.ts.
 * Contract: Limits (daily call quota, rate-limit headers); Errors (rate_limit_exceeded); Authentication 2.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  announcedReset,
  type ApiClient,
  type ApiResponse,
  countdownWaitMs,
  DATE_HEADER_TOLERANCE_SECONDS,
  expect,
  expectJudgedDuring,
  expectRuleHolds,
  intHeader,
  integerValue,
  pause,
  skipIf,
  test,
  titled,
  verifiedOnlyIf,
} from '../helpers/test';

interface Quota {
  limit: number;
  remaining: number;
  reset: number;
}

function quotaOf(response: ApiResponse): Quota {
  expect(response).toHaveRateLimitHeaders();
  return {
    limit: intHeader(response, 'ratelimit-limit')!,
    remaining: intHeader(response, 'ratelimit-remaining')!,
    reset: intHeader(response, 'ratelimit-reset')!,
  };
}

test.describe('rate limits', () => {
  test.describe('the low-quota key, in sequence', () => {
    test.describe.configure({ mode: 'serial' });

    /** Reset of the last successful call before exhaustion, and when it was read. */
    let beforeExhaustion: { reset: number; at: number } | undefined;

    // Never retried: a 429 here is what the sequence observes.
    const call = (client: ApiClient) =>
      client.call('listPatents', { query: { itemsPerPage: 1 }, retry: false });

    /**
     * Calls with the low-quota key until it gets a 429 (a few calls past its limit at most) and returns that
     * answer; `before` sees each answer that came before it. Skips when the quota is too large to use up.
     */
    async function exhaust(
      low: ApiClient,
      before: (r: ApiResponse) => void = () => {},
    ): Promise<ApiResponse> {
      let response = await call(low);
      const limit = intHeader(response, 'ratelimit-limit') ?? 0;
      skipIf(
        limit > 200,
        'setting',
        `the low-quota key has a daily quota of ${limit}: too large to exhaust in a test`,
      );
      let calls = 1;
      // All but the last unit the first answer announces are used up together; the last calls go one after
      // another, so that the call before the 429 is known (a counter that lags under a burst only adds calls).
      const burst =
        response.status === 429 ? 0 : Math.min((intHeader(response, 'ratelimit-remaining') ?? 0) - 1, limit);
      if (burst > 0) {
        before(response);
        const burnt = await Promise.all(Array.from({ length: burst }, () => call(low)));
        calls += burst;
        for (const answer of burnt.slice(0, -1)) before(answer);
        response = burnt.at(-1)!;
      }
      for (; response.status !== 429 && calls <= limit + 5; calls++) {
        before(response);
        response = await call(low);
      }
      return response;
    }

    /** A successful call of the low-quota key; skips when the key has no quota left today. */
    async function countedAnswer(low: ApiClient): Promise<ApiResponse> {
      const response = await call(low);
      skipIf(
        response.status === 429,
        'time',
        'the low-quota key (API_KEY_LOW_QUOTA) has no quota left today',
      );
      expect(response).toHaveStatus(200);
      return response;
    }

    /** A successful call of the low-quota key and its quota. */
    const counted = async (low: ApiClient): Promise<Quota> => quotaOf(await countedAnswer(low));

    /** Skips when the quota period ended between two answers (the counter was reset in between). */
    function samePeriod(earlier: Quota, later: Quota): void {
      skipIf(
        later.reset > earlier.reset,
        'time',
        'the quota period ended during the sequence (the counter was reset)',
      );
    }

    /**
     * The low-quota key's quota read by a counted call before `calls` and by another after them (once `check`
     * has judged what `calls` gave), in one quota period; and what `calls` gave.
     */
    async function countedAround<T>(
      low: ApiClient,
      calls: () => Promise<T>,
      check: (between: T) => void,
    ): Promise<{ before: Quota; after: Quota; between: T }> {
      const before = await counted(low);
      const between = await calls();
      check(between);
      const after = await counted(low);
      samePeriod(before, after);
      return { before, after, between };
    }

    test(
      ...titled('[RATE-006] RateLimit-Limit of a key is the same on consecutive calls'),
      async ({ as }) => {
        const low = as('lowQuota');
        // Each carries RateLimit-Limit, a non-negative integer: the registry's rule, judged as they arrive; that
        // the two are the same needs both answers.
        const answers: ApiResponse[] = [];
        await expectJudgedDuring(
          'RATE-006',
          low.baseUrl,
          'two counted calls of the low-quota key',
          async () => {
            answers.push(...(await Promise.all([countedAnswer(low), countedAnswer(low)])));
          },
        );
        const [first, second] = answers.map((r) => intHeader(r, 'ratelimit-limit'));
        expect(second, 'RateLimit-Limit of the second call').toBe(first);
      },
    );

    test(
      ...titled(
        '[RATE-005, RATE-008] RateLimit-Remaining of a quiet key drops by exactly one per call, never rising, a download included',
      ),
      async ({ as }) => {
        const low = as('lowQuota');
        // "every authenticated request counts", each once: a document download among them (its 404 counts too).
        const download = async () => {
          const response = await low.call('getInstructionReceiptDocument', {
            path: { patentId: randomUUID(), eventId: randomUUID() },
            retry: false,
          });
          expect(response).toBeProblem({ status: 404, code: 'not_found' });
          return quotaOf(response);
        };
        const quotas = [await counted(low), await counted(low), await download(), await counted(low)];
        for (let i = 1; i < quotas.length; i++) {
          samePeriod(quotas[i - 1]!, quotas[i]!);
          expect(
            quotas[i]!.remaining,
            `RateLimit-Remaining of call ${i + 1} after ${quotas[i - 1]!.remaining}`,
          ).toBe(quotas[i - 1]!.remaining - 1);
        }
      },
    );

    test(
      ...titled('[RATE-012] requests failing authentication (401) do not consume quota'),
      async ({ as, anonymous, target }) => {
        const low = as('lowQuota');
        const known = new Set(Object.values(target.keys));
        let unknown = randomBytes(32).toString('hex');
        while (known.has(unknown)) unknown = randomBytes(32).toString('hex');
        // Between the two counted calls; in either order.
        const { before, after } = await countedAround(
          low,
          () => Promise.all([call(anonymous), call(low.withKey(unknown))]),
          ([withoutKey, withUnknownKey]) => {
            expect(withoutKey, 'a call without a key').toHaveStatus(401);
            expect(withUnknownKey, 'a call with an unknown key').toHaveStatus(401);
          },
        );
        expect(after.remaining, 'RateLimit-Remaining: only the two authenticated calls counted').toBe(
          before.remaining - 1,
        );
      },
    );

    // A 404 of a well-formed request needs the caller known (E4); a 400 may come before the key is checked.
    test(
      ...titled('[RATE-003] a request answered 404 not_found counts against the quota'),
      async ({ as }) => {
        const low = as('lowQuota');
        const {
          before,
          after,
          between: notFound,
        } = await countedAround(
          low,
          () => low.call('getPatent', { path: { patentId: randomUUID() } }),
          (answer) => expect(answer).toBeProblem({ status: 404, code: 'not_found' }),
        );
        expect(quotaOf(notFound).remaining, 'RateLimit-Remaining of the 404').toBe(before.remaining - 1);
        expect(after.remaining, 'RateLimit-Remaining of the next call').toBe(before.remaining - 2);
      },
    );

    test(
      ...titled("[RATE-001] calls with another key leave the low-quota key's RateLimit-Remaining unchanged"),
      async ({ as, api }) => {
        const low = as('lowQuota');
        const { before, after } = await countedAround(
          low,
          () => Promise.all([call(api), call(api)]),
          ([first, second]) => {
            expect(first, 'a call with the primary key').toHaveStatus(200);
            expect(second, 'another call with the primary key').toHaveStatus(200);
          },
        );
        expect(after.remaining, 'RateLimit-Remaining: the primary key calls did not count').toBe(
          before.remaining - 1,
        );
      },
    );

    test(
      ...titled('[RATE-004] RateLimit-Reset is at most one local day away (25 hours across a DST change)'),
      async ({ as }) => {
        const low = as('lowQuota');
        await expectJudgedDuring('RATE-004', low.baseUrl, 'RateLimit-Reset of a counted call', () =>
          countedAnswer(low),
        );
      },
    );

    test(
      ...titled(
        '[RATE-013] RateLimit-Reset counts down to a midnight: the same quarter-hour of UTC (the midnight of TARGET_TIME_ZONE) on every answer of the key',
      ),
      async ({ as, target }) => {
        const low = as('lowQuota');
        // The reset the earlier answers of the key in this worker announced (the tests above).
        const earlier = announcedReset(target.baseUrl, low.key!);
        // A reset that does not count down drifts only by the seconds elapsed since it was announced: let more
        // pass than the tolerance of the answer's time, or a frozen value would pass unseen (bounded: 7 s).
        const wait = countdownWaitMs(target.baseUrl, low.key!);
        await pause(wait);
        verifiedOnlyIf(
          earlier !== undefined,
          'data',
          'no earlier answer of the low-quota key in this worker announced a reset to compare with',
        );
        if (!target.timeZone)
          test.info().annotations.push({
            type: 'observation',
            description: 'TARGET_TIME_ZONE is not set: the reset is checked to be a quarter-hour of UTC only',
          });
        // A midnight (of TARGET_TIME_ZONE, else a quarter-hour of UTC), and the one announced before: the
        // registry's rule and the countdown to the key's first announced reset, both charged to RATE-013.
        await expectJudgedDuring(
          'RATE-013',
          low.baseUrl,
          `the reset of a counted call, against ${new Date(earlier).toISOString()} announced earlier`,
          () => countedAnswer(low),
        );
      },
    );

    test(
      ...titled('[PROB-022, RATE-002] once the quota is used up, the next call gets 429 rate_limit_exceeded'),
      async ({ as, requireSetting }) => {
        requireSetting('ALLOW_QUOTA_EXHAUSTION');
        let last: ApiResponse | undefined;
        const response = await exhaust(as('lowQuota'), (counted) => {
          expect(counted).toHaveStatus(200);
          last = counted;
          beforeExhaustion = { reset: quotaOf(counted).reset, at: Date.now() };
        });
        expect(response).toBeProblem({ status: 429, code: 'rate_limit_exceeded' });
        expectRuleHolds('PROB-022', response);
        verifiedOnlyIf(
          last !== undefined,
          'time',
          'the low-quota key answered 429 from the first call: the quota was not seen being used up',
        );
        expect(quotaOf(last).remaining, 'RateLimit-Remaining of the last call before the 429').toBe(0);
      },
    );

    test(
      ...titled('[RATE-010] a 429 answer carries none of the RateLimit-* headers'),
      async ({ as, requireSetting }) => {
        requireSetting('ALLOW_QUOTA_EXHAUSTION');
        const low = as('lowQuota');
        await expectJudgedDuring('RATE-010', low.baseUrl, 'a call of the exhausted low-quota key', async () =>
          expect(await call(low), 'precondition: the low-quota key is exhausted').toHaveStatus(429),
        );
      },
    );

    test(
      ...titled(
        '[RATE-004, RATE-011] a 429 answer carries Retry-After in whole seconds, consistent with the last RateLimit-Reset',
      ),
      async ({ as, requireSetting }) => {
        requireSetting('ALLOW_QUOTA_EXHAUSTION');
        const low = as('lowQuota');
        let response: ApiResponse | undefined;
        // Retry-After in whole seconds (RATE-011), at most a local day away (RATE-004): the registry's rules.
        const what = 'a call of the exhausted low-quota key';
        await expectJudgedDuring('RATE-011', low.baseUrl, what, () =>
          expectJudgedDuring('RATE-004', low.baseUrl, what, async () => {
            response = await call(low);
            expect(response, 'precondition: the low-quota key is exhausted').toHaveStatus(429);
          }),
        );
        const seconds = integerValue(response!.header('retry-after'))!;
        verifiedOnlyIf(
          beforeExhaustion !== undefined,
          'data',
          'no RateLimit-Reset was read before the 429 (the exhaustion test did not run first in this worker)',
        );
        const elapsed = (Date.now() - beforeExhaustion.at) / 1000;
        // A few seconds of drift between the two answers' clocks and rounding.
        expect(
          Math.abs(seconds - (beforeExhaustion.reset - elapsed)),
          `Retry-After ${seconds} vs RateLimit-Reset ${beforeExhaustion.reset} read ${elapsed.toFixed(1)} s earlier`,
        ).toBeLessThanOrEqual(DATE_HEADER_TOLERANCE_SECONDS);
      },
    );

    test(
      ...titled('[RATE-001] with the low-quota key exhausted, the primary key still gets 200'),
      async ({ as, api, requireSetting }) => {
        requireSetting('ALLOW_QUOTA_EXHAUSTION');
        expect(await call(as('lowQuota')), 'the low-quota key is exhausted').toHaveStatus(429);
        const response = await call(api);
        expect(response).toHaveStatus(200);
        expect(quotaOf(response).remaining, 'RateLimit-Remaining of the primary key').toBeGreaterThan(0);
      },
    );

    test(
      ...titled(
        '[CORR-001, CORR-002] a 429 answer carries a non-empty X-Request-Id and the same value as requestId',
      ),
      async ({ as, requireSetting }) => {
        requireSetting('ALLOW_QUOTA_EXHAUSTION');
        // Exhausted by the sequence above; run alone, this test uses the quota up itself.
        const response = await exhaust(as('lowQuota'));
        expect(response).toHaveStatus(429);
        expectRuleHolds('CORR-001', response);
        expectRuleHolds('CORR-002', response);
      },
    );
  });
});
