/**
 * Typed access to the requirement catalogue (schemas/requirements.yaml).
 *
 * The catalogue is the only home of the contract's clause text: tests cite entries by id in their titles
 * and never copy the text. The file is parsed once per process and cached.
 */
import fs from 'node:fs';
import path from 'node:path';

export type Level = 'MUST' | 'SHOULD' | 'MAY';

export const LEVELS: readonly Level[] = ['MUST', 'SHOULD', 'MAY'];

/** Area keys of the catalogue, in the order of the `areas` map. */
export type AreaKey =
  | 'conventions'
  | 'auth'
  | 'scopes'
  | 'isolation'
  | 'problems'
  | 'correlation'
  | 'pagination'
  | 'ratelimits'
  | 'documents'
  | 'evolution'
  | 'patents'
  | 'events'
  | 'fees'
  | 'period'
  | 'instructions'
  | 'sync'
  | 'invoices'
  | 'freezes';

export interface Area {
  key: AreaKey;
  /** Id prefix of the area's entries, e.g. `PAG`. */
  prefix: string;
  title: string;
}

export interface Requirement {
  /** `AREA-NNN`, frozen once published. */
  id: string;
  area: AreaKey;
  level: Level;
  /** Contract heading the clause sits under (heading text without the `#`). */
  section: string;
  /** Verbatim substring of the contract. */
  clause: string;
  /** One testable sentence. */
  requirement: string;
  /** operationIds the entry is verified on; `['*']` means every operation. */
  operations: string[];
  /** The contract explicitly accepts the input instead of refusing it. */
  lenient?: boolean;
  /** Why no HTTP test can verify the entry. */
  notTestedReason?: string;
  /**
   * The freedom the contract grants that can leave the requirement with nothing to judge (a member "optional",
   * a value "or null"), quoted: its subject never appearing under it is not a gap of the run.
   */
  emptiedBy?: string;
  /** One exchange (a request and its answer) decides it: an invariant of the registry (schemas/requirements.yaml). */
  decidable?: 'answer' | 'relation';
  /** Kept for traceability but no longer applicable. */
  retired?: boolean;
}

export interface RequirementCatalogue {
  contract: string;
  version: number;
  areas: Area[];
  requirements: Requirement[];
}

interface RawCatalogue {
  contract: string;
  version: number;
  areas: Record<string, { prefix: string; title: string }>;
  requirements: Requirement[];
}

export const REQUIREMENTS_FILE = path.join(__dirname, 'requirements.yaml');
/** The contract itself, kept in the repository beside the documents made from it: the only source of truth. */
export const CONTRACT_FILE = path.join(__dirname, 'patent-renewal-api-v2.md');
/** Its JSON copy (scripts/gen-json-copies.ts), read instead when present: the YAML parse cost every process half a second. */
export const REQUIREMENTS_JSON = path.join(__dirname, 'generated', 'requirements.json');

let cached: RequirementCatalogue | undefined;
let byId: Map<string, Requirement> | undefined;

/** Parses the catalogue on first use and returns the cached result afterwards. */
export function loadRequirements(): RequirementCatalogue {
  if (cached) return cached;
  const raw = (
    fs.existsSync(REQUIREMENTS_JSON)
      ? JSON.parse(fs.readFileSync(REQUIREMENTS_JSON, 'utf8'))
      : // eslint-disable-next-line @typescript-eslint/no-require-imports
        (require('yaml') as typeof import('yaml')).parse(fs.readFileSync(REQUIREMENTS_FILE, 'utf8'))
  ) as RawCatalogue;
  cached = {
    contract: raw.contract,
    version: raw.version,
    areas: Object.entries(raw.areas).map(([key, area]) => ({
      key: key as AreaKey,
      prefix: area.prefix,
      title: area.title,
    })),
    requirements: raw.requirements,
  };
  return cached;
}

/** The entry with this id, or undefined when the catalogue has none. */
export function requirementById(id: string): Requirement | undefined {
  if (!byId) byId = new Map(loadRequirements().requirements.map((req) => [req.id, req]));
  return byId.get(id);
}
