/**
 * Writes the JSON copies of the YAML sources (schemas/generated/openapi.json from schemas/openapi.yaml,
 * schemas/generated/requirements.json from schemas/requirements.yaml): the suite and the reference load
 * the JSON copies because parsing JSON is a hundred times faster than parsing YAML, and the runner, every
 * worker and every reference start pay it. The YAML files stay the single source. `--check` fails when a
 * copy is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const SCHEMAS = path.join(__dirname, '..', 'schemas');

/** Each YAML source and the JSON copy made of it. */
export const JSON_COPIES = ['openapi', 'requirements'].map((name) => ({
  source: path.join(SCHEMAS, `${name}.yaml`),
  copy: path.join(SCHEMAS, 'generated', `${name}.json`),
}));

export function jsonCopyOf(source: string): string {
  return `${JSON.stringify(parse(fs.readFileSync(source, 'utf8')))}\n`;
}

/** The copies that differ from their source (absent ones included). */
export function staleCopies(): string[] {
  return JSON_COPIES.filter(
    ({ source, copy }) => !fs.existsSync(copy) || fs.readFileSync(copy, 'utf8') !== jsonCopyOf(source),
  ).map(({ copy }) => path.relative(path.join(SCHEMAS, '..'), copy));
}

if (require.main === module) {
  if (process.argv.includes('--check')) {
    const stale = staleCopies();
    if (stale.length) {
      process.stderr.write(`${stale.join(', ')} stale: run npm run gen:types\n`);
      process.exit(1);
    }
  } else {
    for (const { source, copy } of JSON_COPIES) fs.writeFileSync(copy, jsonCopyOf(source));
  }
}
