/**
 * In-memory state of the reference server. Every lookup that answers a request goes through the
 * tenant-scoped getters at the bottom: a record of another tenant is simply not found, which is the
 * contract's rule that another client's resource is indistinguishable from a missing one.
 */
import { isFault } from './behaviour';
import { enumOf } from '../schemas/openapi-facts';
import type { Decision, Fees, Invoice, Patent, PatentEvent, components } from '../schemas/types';
import type { KeyRole, Scope } from './keys';

// The values of the document's enums; their order is the order the server lists them in.
export type { Decision };
export const DECISIONS = enumOf('Decision');
export type FeesStatus = Fees['feesStatus'];
export type ComponentType = components['schemas']['FeeComponent']['type'];
export type ProcessingStatus = NonNullable<PatentEvent['processingStatus']>;
export type InvoiceOrigin = Invoice['origin'];
export type RegularizationReason = NonNullable<Fees['regularizationReason']>;

export interface Tenant {
  id: string;
  name: string;
  canFreezeExchangeRates: boolean;
  vatNumber: string | null;
  /** Months (`YYYY-MM`) whose exchange rates are frozen. */
  frozenMonths: Set<string>;
  lastInstructionReceiptNumber: number;
  lastInvoiceNumber: number;
  lastOfficialReceiptNumber: number;
  /** Set by the `fail-next-requests` provider state. */
  failNextRequests: number;
}

export interface ApiKeyRecord {
  hash: string;
  role: KeyRole;
  tenantId: string;
  scopes: readonly Scope[];
  expiresAt: string;
  dailyQuota: number;
}

export interface OfficialNumbers {
  applicationNumber: string | null;
  publicationNumber: string | null;
  grantPublicationNumber: string | null;
  pctApplicationNumber: string | null;
}

/** The client-writable fields of a patent (the sync item fields, minus the matching identifiers). */
export interface PatentFields {
  providerId: string | null;
  clientCaseReference: string | null;
  clientFamilyReference: string | null;
  title: string | null;
  office: string;
  patentType: Patent['patentType'];
  applicationNumber: string | null;
  applicationDate: string | null;
  nationalPhaseEntryDate: string | null;
  priorityDate: string | null;
  publicationNumber: string | null;
  publicationDate: string | null;
  grantPublicationNumber: string | null;
  grantDate: string | null;
  pctApplicationNumber: string | null;
  expirationDate: string | null;
  extendedExpirationDate: string | null;
  lapseDate: string | null;
  renewalsManagedFrom: string | null;
  status: Patent['status'];
  filingRoute: Patent['filingRoute'];
  applicantType: Patent['applicantType'];
  claimCount: number | null;
  designatedCountries: string[] | null;
  owner: string | null;
  secondaryOwners: string[] | null;
  subCase: string | null;
}

export interface PatentRecord extends PatentFields {
  id: string;
  tenantId: string;
  officialNumbers: OfficialNumbers;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface FeeComponent {
  type: ComponentType;
  amount: string;
}

export interface FeeAmounts {
  currency: string;
  components: FeeComponent[];
}

/** The fee schedule an estimate is computed from (amounts as decimal strings). */
export interface FeeBasis {
  currency: string;
  office: string;
  agent: string | null;
  service: string;
  gracePeriodSurcharge: string;
}

export interface EventRecord {
  id: string;
  tenantId: string;
  patentId: string;
  eventType: string;
  dueDate: string;
  gracePeriodEndDate: string | null;
  annuityYear: number;
  paymentSequenceNumber: number;
  appliedDecision: Decision | null;
  processingStatus: ProcessingStatus;
  processingStatusUpdatedAt: string | null;
  feeBasis: FeeBasis;
  feesStatus: FeesStatus;
  /** Fixed when a PROCEED instruction executes. */
  lockedFees: FeeAmounts | null;
  /** The invoice that billed the event (set once, when it goes INVOICED). */
  invoiceId: string | null;
  instructionId: string | null;
  instructionReceiptId: string | null;
  officialReceipt: { reference: string; issueDate: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface InstructionRecord {
  id: string;
  eventId: string;
  decision: Decision;
  status: 'EXECUTED';
  executedAt: string | null;
  renewedDesignatedCountries: string[] | null;
}

export interface InstructionReceiptRecord {
  id: string;
  tenantId: string;
  issueDate: string;
  reference: string;
  number: number;
  instructions: InstructionRecord[];
}

export interface InvoiceLine {
  eventId: string | null;
  patentId: string | null;
  fees: FeeAmounts;
  regularizedInvoiceId: string | null;
  regularizationReason: RegularizationReason | null;
}

export interface InvoiceRecord {
  id: string;
  tenantId: string;
  reference: string;
  number: string | null;
  issueDate: string | null;
  origin: InvoiceOrigin;
  ipRightType: 'PATENT' | 'TRADEMARK';
  currency: string;
  vatRate: number | null;
  vatNumber: string | null;
  hasPdfDocument: boolean;
  hasXlsxDocument: boolean;
  lines: InvoiceLine[];
  createdAt: string;
}

export type ChangeKind = 'CREATE' | 'UPDATE';
/** Life of a recorded sync item (a change request). */
export type ChangeState =
  'APPLIED' | 'AWAITING_REVIEW' | 'ACCEPTED' | 'REFUSED' | 'REJECTED' | 'SUPPRESSED' | 'UNRECORDED';

export interface ChangeRequest {
  id: string;
  tenantId: string;
  batchId: string;
  index: number;
  kind: ChangeKind | null;
  /** Target patent of an update, or the created patent once a create is accepted. */
  patentId: string | null;
  providerId: string | null;
  /** Normalized fields the item sets. */
  changes: Partial<PatentFields>;
  state: ChangeState;
  reason: string | null;
}

export type BatchProgress = 'PENDING' | 'PROCESSING' | 'DONE';

export interface SyncBatchRecord {
  id: string;
  tenantId: string;
  externalImportRef: string | null;
  /** Items as posted, kept for the idempotence comparison and the background run. */
  items: unknown[];
  /** Canonical JSON of `items`, for the deep-equality check of a replay. */
  itemsFingerprint: string;
  mode: 'SYNC' | 'ASYNC';
  progress: BatchProgress;
  /** Change request ids in POST-body order (one per processed item). */
  results: string[];
  autoAppliedItems: number;
  stagedItems: number;
  rejectedItems: number;
  suppressedItems: number;
  createdAt: string;
  completedAt: string | null;
  /** HTTP status of the original answer, repeated by a replay. */
  responseStatus: 201 | 202;
}

export interface Store {
  tenants: Map<string, Tenant>;
  keysByHash: Map<string, ApiKeyRecord>;
  patents: Map<string, PatentRecord>;
  events: Map<string, EventRecord>;
  receipts: Map<string, InstructionReceiptRecord>;
  invoices: Map<string, InvoiceRecord>;
  syncBatches: Map<string, SyncBatchRecord>;
  changeRequests: Map<string, ChangeRequest>;
  /** Calls per key hash and local day: `${hash}|${YYYY-MM-DD}`. */
  quotaUsage: Map<string, number>;
}

export function createStore(): Store {
  return {
    tenants: new Map(),
    keysByHash: new Map(),
    patents: new Map(),
    events: new Map(),
    receipts: new Map(),
    invoices: new Map(),
    syncBatches: new Map(),
    changeRequests: new Map(),
    quotaUsage: new Map(),
  };
}

function owned<T extends { tenantId: string }>(record: T | undefined, tenant: Tenant): T | undefined {
  return record !== undefined && record.tenantId === tenant.id ? record : undefined;
}

export function findPatent(store: Store, tenant: Tenant, id: string): PatentRecord | undefined {
  return owned(store.patents.get(id), tenant);
}

export function findEvent(store: Store, tenant: Tenant, id: string): EventRecord | undefined {
  return owned(store.events.get(id), tenant);
}

/** The invoice endpoints serve patent invoices only: a trademark invoice is not found. */
export function findPatentInvoice(store: Store, tenant: Tenant, id: string): InvoiceRecord | undefined {
  const invoice = owned(store.invoices.get(id), tenant);
  if (isFault('invoices-trademark-returned')) return invoice;
  return invoice?.ipRightType === 'PATENT' ? invoice : undefined;
}

export function findSyncBatch(store: Store, tenant: Tenant, id: string): SyncBatchRecord | undefined {
  return owned(store.syncBatches.get(id), tenant);
}

export function patentsOf(store: Store, tenant: Tenant): PatentRecord[] {
  return [...store.patents.values()].filter((p) => p.tenantId === tenant.id);
}

export function eventsOf(store: Store, tenant: Tenant): EventRecord[] {
  return [...store.events.values()].filter((e) => e.tenantId === tenant.id);
}

/** Events of one patent, in due-date order (ties by id, so the order is total). */
export function eventsOfPatent(store: Store, patentId: string): EventRecord[] {
  return [...store.events.values()]
    .filter((e) => e.patentId === patentId)
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id));
}

export function patentInvoicesOf(store: Store, tenant: Tenant): InvoiceRecord[] {
  const anyRight = isFault('invoices-trademark-returned') || isFault('invoice-list-includes-trademark');
  return [...store.invoices.values()].filter(
    (i) => i.tenantId === tenant.id && (i.ipRightType === 'PATENT' || anyRight),
  );
}
