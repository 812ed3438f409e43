/**
 * Every invoice of the primary tenant, in the default order, read once per run (whichever worker asks first)
 * and held by the worker fixture `invoiceSnapshot`, read in the first test that needs it. Invoices are only
 * ever added, so a later read holds at least these.
 */
import type { ApiClient } from '../wire/api-client';
import { workerRead } from './worker-read';
import { walkList } from '../wire/pagination';
import { sharedSweep } from '../data/shared-sweeps';
import type { Invoice } from '../../schemas/types';

export const invoiceSnapshotTest = workerRead('invoiceSnapshot', (api: ApiClient) =>
  sharedSweep(api.baseUrl, 'invoices', () =>
    walkList<Invoice>(api, 'listInvoices', { maxPages: 10 }).then((walk) => walk.items),
  ),
);
