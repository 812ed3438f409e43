/**
 * Every invoice of the primary tenant, in the default order, read once per run (whichever worker asks first)
 * and held by the worker fixture `invoiceSnapshot`, read in the first test that needs it. Invoices are only
 * ever added, so a later read holds at least these.
 */
import type { ApiClient } from './api-client';
import { test as base } from './fixtures';
import { once } from './once';
import { walkList } from './pagination';
import { sharedSweep } from './shared-sweeps';
import type { Invoice } from '../schemas/types';

export const invoiceSnapshotTest = base.extend<
  object,
  { invoiceSnapshot: (api: ApiClient) => Promise<Invoice[]> }
>({
  invoiceSnapshot: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(
        once((api: ApiClient) =>
          sharedSweep(api.baseUrl, 'invoices', () =>
            walkList<Invoice>(api, 'listInvoices', { maxPages: 10 }).then((walk) => walk.items),
          ),
        ),
      );
    },
    { scope: 'worker' },
  ],
});
