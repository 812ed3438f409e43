/**
 * Friendly aliases of the types generated from schemas/openapi.yaml (`npm run gen:types` writes
 * schemas/generated/openapi.ts; never edit that file by hand). One alias per component schema.
 */
import type { components, operations, paths } from './generated/openapi';

export type { components, operations, paths };

/** The operationId of one of the 17 operations. */
export type OperationId = keyof operations;

export type Uuid = components['schemas']['Uuid'];
export type Date = components['schemas']['Date'];
export type DateTime = components['schemas']['DateTime'];
export type YearMonth = components['schemas']['YearMonth'];
export type Decimal = components['schemas']['Decimal'];
export type CurrencyCode = components['schemas']['CurrencyCode'];
export type CountryCode = components['schemas']['CountryCode'];
export type Decision = components['schemas']['Decision'];
export type Scope = components['schemas']['Scope'];
export type Pagination = components['schemas']['Pagination'];
export type PatentList = components['schemas']['PatentList'];
export type PatentEventList = components['schemas']['PatentEventList'];
export type InvoiceList = components['schemas']['InvoiceList'];
export type ExchangeRateFreezeList = components['schemas']['ExchangeRateFreezeList'];
export type SyncResultList = components['schemas']['SyncResultList'];
export type OfficialNumbers = components['schemas']['OfficialNumbers'];
export type Patent = components['schemas']['Patent'];
export type PatentRef = components['schemas']['PatentRef'];
export type PatentEvent = components['schemas']['PatentEvent'];
export type Renewal = components['schemas']['Renewal'];
export type Instructability = components['schemas']['Instructability'];
export type FeeComponent = components['schemas']['FeeComponent'];
export type FeesPatentRef = components['schemas']['FeesPatentRef'];
export type Fees = components['schemas']['Fees'];
export type Invoice = components['schemas']['Invoice'];
export type InstructionRequest = components['schemas']['InstructionRequest'];
export type InstructionReceipt = components['schemas']['InstructionReceipt'];
export type Instruction = components['schemas']['Instruction'];
export type SyncRequest = components['schemas']['SyncRequest'];
export type SyncItem = components['schemas']['SyncItem'];
export type PatentSyncBatch = components['schemas']['PatentSyncBatch'];
export type SyncOutcome = components['schemas']['SyncOutcome'];
export type SyncResultItem = components['schemas']['SyncResultItem'];
export type ExchangeRateFreezeListItem = components['schemas']['ExchangeRateFreezeListItem'];
export type ExchangeRateFreeze = components['schemas']['ExchangeRateFreeze'];
export type FrozenRateEvent = components['schemas']['FrozenRateEvent'];
export type FieldError = components['schemas']['FieldError'];
export type Problem = components['schemas']['Problem'];
export type ProblemValidationFailed = components['schemas']['ProblemValidationFailed'];
export type ProblemInvalidApiKey = components['schemas']['ProblemInvalidApiKey'];
export type ProblemApiKeyExpired = components['schemas']['ProblemApiKeyExpired'];
export type ProblemInsufficientScope = components['schemas']['ProblemInsufficientScope'];
export type ProblemForbidden = components['schemas']['ProblemForbidden'];
export type ProblemNotFound = components['schemas']['ProblemNotFound'];
export type ProblemInstructionAlreadySet = components['schemas']['ProblemInstructionAlreadySet'];
export type ProblemConflict = components['schemas']['ProblemConflict'];
export type ProblemInstructionTooEarly = components['schemas']['ProblemInstructionTooEarly'];
export type ProblemInstructionSkipped = components['schemas']['ProblemInstructionSkipped'];
export type ProblemInstructionLapsed = components['schemas']['ProblemInstructionLapsed'];
export type ProblemRateLimitExceeded = components['schemas']['ProblemRateLimitExceeded'];
export type ProblemInternalError = components['schemas']['ProblemInternalError'];
