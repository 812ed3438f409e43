/**
 * A month the freeze PUT of the scope tests can name without changing anything: one the primary tenant has
 * already frozen (re-freezing it changes nothing), else a past month with no renewal to freeze. Read once per
 * run (whichever worker asks first), held by the worker fixture `harmlessMonth` and read in the first test that
 * needs it.
 */
import type { ApiClient } from '../wire/api-client';
import { workerRead } from './worker-read';
import { sharedSweep } from '../data/shared-sweeps';
import type { ExchangeRateFreezeList } from '../../schemas/types';

/** A month in the past with no renewal to freeze: the fallback when the tenant has no frozen month yet. */
const PAST_MONTH = '2001-01';

function readHarmlessMonth(api: ApiClient): Promise<string> {
  return sharedSweep(api.baseUrl, 'frozen-month', () =>
    api
      .call('listExchangeRateFreezes', { query: { itemsPerPage: 1 } })
      .then((r) => (r.status === 200 ? r.json<ExchangeRateFreezeList>().data[0]?.yearMonth : undefined))
      .then((month) => month ?? PAST_MONTH),
  );
}

export const harmlessMonthTest = workerRead('harmlessMonth', readHarmlessMonth);
