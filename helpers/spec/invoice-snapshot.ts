/**
 * Every invoice of the primary tenant, in the default order, read once per run (whichever worker asks first)
 * and held by the worker fixtures `invoicePages` (the answers, which a test in any worker judges again with the
 * registry) and `invoiceSnapshot` (their invoices), read in the first test that needs them. Invoices are only
 * ever added, so a later read holds at least these.
 */
import type { ApiClient, ApiResponse } from '../wire/api-client';
import { workerRead } from './worker-read';
import { walkList } from '../wire/pagination';
import { sharedResponses } from '../data/shared-sweeps';
import type { Invoice } from '../../schemas/types';

const pagesOf = (api: ApiClient): Promise<ApiResponse[]> =>
  sharedResponses(api.baseUrl, 'invoice-pages', () =>
    walkList<Invoice>(api, 'listInvoices', { maxPages: 10 }).then((walk) => walk.pages),
  );

export const invoicePagesTest = workerRead('invoicePages', pagesOf);

export const invoiceSnapshotTest = workerRead('invoiceSnapshot', async (api: ApiClient) =>
  (await pagesOf(api)).flatMap((page) => page.json<{ data: Invoice[] }>().data),
);
