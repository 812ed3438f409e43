/**
 * Authentication: the x-api-key header, unknown, malformed and expired keys.
 * Contract: Authentication, points 1-5; Errors table rows invalid_api_key and api_key_expired.
 */
import fc from 'fast-check';
import { expect, expectRuleHolds, generatedInputs, skipIf, test, titled } from '../helpers/test';

const hexKey = fc.stringMatching(/^[0-9a-f]{64}$/);

test.describe('auth', () => {
  test(...titled('[AUTH-001] a request carrying a valid key is authenticated'), async ({ api }) => {
    // A second valid key of the tenant is AUTH-004's test (it skips, naming the key, where none is configured).
    const response = await api.call('listPatents', { query: { itemsPerPage: 1 } });
    expect(response).toHaveStatus(200);
  });

  test(
    ...titled('[AUTH-005] a request without the x-api-key header gets 401 invalid_api_key'),
    async ({ anonymous }) => {
      const response = await anonymous.call('listPatents');
      expectRuleHolds('AUTH-005', response);
    },
  );

  test(
    ...titled('[AUTH-006] a well-formed key the service does not know gets 401 invalid_api_key'),
    async ({ api, target }) => {
      const known = new Set(Object.values(target.keys));
      // The keys go together: each answer depends on nothing but its own key.
      const keys = generatedInputs(hexKey, 5).filter((key) => !known.has(key));
      const responses = await Promise.all(
        keys.map((key) => api.withKey(key).call('listPatents', { query: { itemsPerPage: 1 } })),
      );
      expect(responses.length, 'unknown keys sent').toBeGreaterThan(0);
      for (const response of responses)
        expect(response).toBeProblem({ status: 401, code: 'invalid_api_key' });
    },
  );

  const malformed = [
    { description: 'too short (63 hex)', key: (k: string) => k.slice(0, 63) },
    { description: 'too long (65 hex)', key: (k: string) => `${k}0` },
    { description: 'non-hex characters', key: (k: string) => `${k.slice(0, 60)}zzzz` },
    { description: 'surrounding whitespace', key: (k: string) => ` ${k.slice(0, 62)} ` },
    {
      description: 'upper-case of an unknown key with a non-hex letter',
      key: (k: string) => `G${k.slice(1).toUpperCase()}`,
    },
  ];
  for (const { description, key } of malformed) {
    test(
      ...titled(`[AUTH-002] a malformed key (${description}) gets 401 invalid_api_key`),
      async ({ api, target }) => {
        const base = target.keys.all ?? 'a'.repeat(64);
        const response = await api.withKey(key(base)).call('listPatents', { query: { itemsPerPage: 1 } });
        expectRuleHolds('AUTH-002', response);
      },
    );
  }

  test(...titled('[AUTH-007] a key past its expiry gets 401 api_key_expired'), async ({ as }) => {
    const response = await as('expired').call('listPatents', { query: { itemsPerPage: 1 } });
    expect(response).toBeProblem({ status: 401, code: 'api_key_expired' });
  });

  test(
    ...titled('[AUTH-004] two keys of one tenant are valid at once and see the same portfolio'),
    async ({ api, as }) => {
      const list = await api.call('listPatents', { query: { itemsPerPage: 1 } });
      expect(list).toHaveStatus(200);
      const [patent] = list.json<{ data: { id: string }[] }>().data;
      skipIf(!patent, 'data', 'the primary tenant (API_KEY) has no patent');
      const again = await as('patentsRead').call('getPatent', { path: { patentId: patent!.id } });
      expect(again).toHaveStatus(200);
      expect(again.json<{ id: string }>().id).toBe(patent!.id);
    },
  );
});
