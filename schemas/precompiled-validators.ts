/**
 * The JSON Schema validators of the document compiled ahead of time (schemas/generated/validators.js, written
 * by scripts/gen-validators.ts in `npm run gen:types`). Compiling them with Ajv costs every worker of a run a
 * fifth of a second of CPU; loading the compiled code, a hundredth. The file carries the digest of
 * the document it was made from, and is used only for that very document.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runInThisContext } from 'node:vm';
import type { ValidateFunction } from 'ajv';
import { OPENAPI_JSON_PATH } from './ajv';

export const PRECOMPILED_PATH = path.join(__dirname, 'generated', 'validators.js');

/** The digest of the document as the suite reads it (its JSON copy): the compiled validators name theirs. */
export function documentDigest(): string {
  return createHash('sha256').update(readFileSync(OPENAPI_JSON_PATH)).digest('hex');
}

/**
 * The compiled validators by pointer into the document, when they were made from this very document; else
 * none (the caller compiles). The file is run as plain CommonJS (vm and createRequire), not through
 * `require`: the test runner would first pass its 700 kB through its TypeScript transform.
 */
export function loadPrecompiledValidators(): Map<string, ValidateFunction> {
  if (!existsSync(PRECOMPILED_PATH)) return new Map();
  const compiled = {} as Record<string, ValidateFunction> & { digest?: string; pointers?: string[] };
  const run = runInThisContext(
    `(function (exports, require) {${readFileSync(PRECOMPILED_PATH, 'utf8')}\n})`,
    {
      filename: PRECOMPILED_PATH,
    },
  ) as (exports: object, require: NodeRequire) => void;
  run(compiled, createRequire(PRECOMPILED_PATH));
  if (compiled.digest !== documentDigest() || !compiled.pointers) return new Map();
  return new Map(compiled.pointers.map((pointer, i) => [pointer, compiled[`v${i}`]!]));
}
