/**
 * The `test` every spec uses: the suite's fixtures (helpers/spec/fixtures.ts) with every area's worker fixtures
 * merged in. One test type for all spec files matters: Playwright runs files whose fixture sets differ in
 * worker processes of their own, and each new worker pays its start, its schema compilation and its reads
 * again. An area's worker fixture is set up only in a worker whose tests use it.
 */
import { mergeTests } from '@playwright/test';
import { conventionsSampleTest } from './spec/conventions-sample';
import { eventReadsTest } from './spec/event-reads';
import { feesReadsTest } from './spec/fees-reads';
import { harmlessMonthTest } from './spec/harmless-month';
import { invoicePagesTest, invoiceSnapshotTest } from './spec/invoice-snapshot';
import { rejectedSyncBatchTest } from './spec/rejected-sync-batch';
import { ownPatentTest } from './spec/sync-workflow';

export const test = mergeTests(
  conventionsSampleTest,
  eventReadsTest,
  feesReadsTest,
  harmlessMonthTest,
  invoicePagesTest,
  invoiceSnapshotTest,
  rejectedSyncBatchTest,
  ownPatentTest,
);

// What a spec uses, from the layers below: a spec imports this module only.
export { addDays, localDayHours, monthBounds } from './contract/calendar';
export { targetUtcToday } from './wire/target-clock';
export { collationTwins, directionProblems, textOrderProblems } from './contract/collation';
export { FACT_KEYS } from './contract/consistency';
export type { Aspect } from './contract/write-effects';
export { enumOf, operationById, operations, pageSize, syncInlineLimit } from './contract/contract';
export type { Operation, OperationId } from './contract/contract';
export { documentedMembers, membersOfFormat, pickDocumented } from './contract/documented-members';
export { type Atom, intersect, pairsOf, queryAtoms, setDifferences } from './contract/query-combinations';
export { orderProblems, sortFields, sortKind, sortValues, sweepProblems } from './contract/list-orders';
export type { SortKind } from './contract/list-orders';
export {
  AWAITING_DECISION,
  BLOCKED_EVENT_SHOWS_NO_DECISION,
  EARLIEST_PENDING_ESTIMATED_OFFERS_PROCEED,
  EARLIEST_PENDING_LAPSED,
  EARLIEST_PENDING_OFFERS_PROCEED,
  INSTRUCTABLE_FIRST_LAPSED,
} from './contract/data-states';
export type { PatentPredicate } from './contract/data-states';
export {
  awaitsDecision,
  behindSeveralAwaiting,
  earlierAwaiting,
  earliestPending,
  instructableFirst,
  isRenewal,
  laterPending,
  pendingRenewals,
  renewals,
  sortByDue,
  waitsForEarlier,
} from './contract/event-rules';
export { API_PREFIX } from './contract/invariant-types';
export { fcParams, generatedInputs } from './contract/generated-inputs';

export { members, partitionTable, sendsStill } from './contract/partitions';
export type { Partition } from './contract/partitions';
export { malformedJson } from './contract/raw-body';
export { breaches, orList } from './contract/rule-breaches';

export { UUID } from './contract/uuid';

export { EVENT_FIELD_RULES } from './rules/events';
export { FEES_FIELD_RULES } from './rules/fees';

export { PATENT_FIELD_RULES } from './rules/patents';

export { DATE_HEADER_TOLERANCE_SECONDS, integerValue } from './rules/ratelimits';
export { INVARIANTS } from './rules/registry';
export { claim } from './data/claims';
export { WIDE_WINDOW } from './data/discovery';
export type { Portfolio } from './data/discovery';
export {
  DOCUMENT_OPERATIONS,
  findEventWithDocument,
  locateInstructionReceipt,
  refOf,
  sharedDocumentDownload,
  sharedLocate,
} from './data/document-discovery';
export type { DocumentOperation, EventRef, Located } from './data/document-discovery';
export { nonEmpty, notVerified, skipBecause, skipIf, verifiedOnlyIf } from './data/verified';
export { comparisonsOf } from './run/consistency-ledger';
export { KEY_SETTINGS } from './run/settings';
export type { KeyRole } from './run/settings';
export type { Target } from './run/target';
export { pause } from './run/waits';
export { asObject, dataOf } from './spec/conventions-sample';
export type { Json } from './spec/conventions-sample';
export { SLACK_DAYS, labelledEvents, requireSome } from './spec/event-reads';
export { allFees, feesBreaches } from './spec/fees-reads';
export type { FeesRead } from './spec/fees-reads';
export { STATE_NOT_OFFERED, describeRequires, expect, titled } from './spec/fixtures';
export type { Setting } from './spec/fixtures';
export {
  DECISIONS,
  allowedDecision,
  blockedEvent,
  claimInstructable,
  postInstructions,
  readEvent,
  reinstruct,
  requireBlockedEvent,
} from './spec/instruction-workflow';
export type { InstructionEntry } from './spec/instruction-workflow';
export { SYNC_ITEMS } from './spec/rejected-sync-batch';
export type { RejectedSyncBatch } from './spec/rejected-sync-batch';
export {
  UNFINISHED,
  acceptInReview,
  allResults,
  anonymousItem,
  batchOf,
  bringIntoEffect,
  carriedMembers,
  counterViolations,
  createItem,
  echoOf,
  freshProviderId,
  instant,
  invalidItem,
  mixedItems,
  pollToCompletion,
  postSync,
  push,
  pushInBackground,
  pushInline,
  pushOne,
  pushRefusedCreate,
  readBatch,
  readPatent,
  refuseInReview,
  statusMayFollow,
} from './spec/sync-workflow';
export type { Item } from './spec/sync-workflow';
export { ApiResponse } from './wire/api-client';
export type { ApiClient, ArrayEncoding, CallOptions, Query } from './wire/api-client';
export { carriedFieldErrors, errorsArray } from './wire/field-errors';

export { intHeader } from './wire/matchers';
export { listEnvelope, walkList } from './wire/pagination';
export type { ListBody } from './wire/pagination';
export { announcedReset, countdownWaitMs, rateLimitRule } from './wire/rate-limit-headers';

export type { SharedAnswerName } from './wire/shared-answers';
export { rateLimitBreaches } from './wire/answer-checks';
export { expectJudged, expectJudgedDuring, expectRuleHolds } from './spec/judged';
export { invoicedEventPerKind } from './spec/invoiced-events';
export { sharedSweep } from './data/shared-sweeps';
export { readsAlone } from './data/reads-alone';
export { sentAtOf, writesSince, type WritesSince } from './data/writes-since';
export {
  canonical,
  claimMonthToFreeze,
  countBy,
  FREEZE_ROWS,
  frozenMonths,
  frozenMonthsWalk,
  frozenPairKey,
  monthToRead,
  oneToOne,
  notYearMonth,
  putMonth,
  putMonthAnswer,
  readMonth,
  readMonthAnswer,
  REMOTE_MONTH,
  renewalsByMonth,
} from './spec/freeze-reads';
export { expectNoTrace, MALFORMED_INSTRUCTION_BODIES } from './spec/instruction-checks';
