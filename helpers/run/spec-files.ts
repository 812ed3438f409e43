/** The suite's spec files (specs/<area>.spec.ts), by base name. */
import fs from 'node:fs';
import path from 'node:path';

export const SPECS_DIR = path.join(__dirname, '..', '..', 'specs');

export function specBaseNames(): string[] {
  return fs
    .readdirSync(SPECS_DIR)
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => name.slice(0, -'.spec.ts'.length))
    .sort();
}
