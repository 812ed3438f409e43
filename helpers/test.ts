/**
 * The `test` every spec uses: the suite's fixtures (helpers/fixtures.ts) with every area's worker fixtures
 * merged in. One test type for all spec files matters: Playwright runs files whose fixture sets differ in
 * worker processes of their own, and each new worker pays its start, its schema compilation and its reads
 * again. An area's worker fixture is set up only in a worker whose tests use it.
 */
import { mergeTests } from '@playwright/test';
import { conventionsSampleTest } from './conventions-sample';
import { eventReadsTest } from './event-reads';
import { feesReadsTest } from './fees-reads';
import { harmlessMonthTest } from './harmless-month';
import { invoiceSnapshotTest } from './invoice-snapshot';
import { rejectedSyncBatchTest } from './rejected-sync-batch';
import { ownPatentTest } from './sync-workflow';

export const test = mergeTests(
  conventionsSampleTest,
  eventReadsTest,
  feesReadsTest,
  harmlessMonthTest,
  invoiceSnapshotTest,
  rejectedSyncBatchTest,
  ownPatentTest,
);
