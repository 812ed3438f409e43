/**
 * Faults of the area isolation (ISO-*): Tenant isolation.
 * The first requirement each one breaks is of this area (schemas/requirements.yaml); ordered by its id.
 */
import type { FaultDefinition } from './catalogue-types';

export const ISOLATION_FAULTS = [
  {
    name: 'freezes-month-read-all-tenants',
    requirements: ['ISO-001'],
    summary:
      "The events of a month's freeze are read from every tenant, so the freeze read lists another tenant's events due that month.",
  },
  {
    name: 'invoice-list-leaks-other-tenant',
    requirements: ['ISO-001'],
    summary: "The invoice list query has no tenant filter and returns every tenant's patent invoices.",
  },
  {
    name: 'patents-provider-id-lookup-all-tenants',
    requirements: ['ISO-001'],
    summary:
      "The ?providerId= lookup of the patent list skips the tenant filter, so another tenant's patent with that providerId is listed.",
  },
  {
    name: 'invoice-view-leaks-customer-id',
    requirements: ['ISO-002'],
    summary:
      "The invoice representation carries the billed customer's id (customerId, the tenant's id in the billing system).",
  },
  {
    name: 'patent-view-leaks-tenant-id',
    requirements: ['ISO-002'],
    summary:
      'The patent representation carries the owning tenant id (tenantId), serialized with the stored record.',
  },
  {
    name: 'document-event-looked-up-by-id-alone',
    requirements: ['ISO-003'],
    summary:
      "The document routes check the patent's tenant, then load the document's event by its id alone, so another tenant's document is served under one of the caller's patents.",
  },
  {
    name: 'foreign-invoice-forbidden',
    requirements: ['ISO-003'],
    summary:
      "Another tenant's invoice is answered 403 forbidden instead of 404 not_found, telling it apart from a missing one.",
  },
  {
    name: 'foreign-patent-readable',
    requirements: ['ISO-003'],
    summary:
      "A patent is looked up by id alone, so another tenant's patent (and its event list) is returned instead of 404.",
  },
  {
    name: 'sync-reaches-other-tenant',
    requirements: ['ISO-004'],
    summary:
      "A sync item's servicePatentId is looked up by id alone, so the item updates another tenant's patent instead of being REJECTED.",
  },
  {
    name: 'instruction-reaches-other-tenant',
    requirements: ['ISO-005'],
    summary:
      "The instruction POST looks events up by id alone, so it executes a decision on another tenant's event instead of 404.",
  },
] as const satisfies readonly FaultDefinition[];
