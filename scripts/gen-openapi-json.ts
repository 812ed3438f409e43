/**
 * Writes schemas/generated/openapi.json from schemas/openapi.yaml (the single source): the suite and the
 * reference load the JSON copy because parsing JSON is a hundred times faster than parsing YAML, and
 * every worker and every reference start pays it. `--check` fails when the copy is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const SOURCE = path.join(__dirname, '..', 'schemas', 'openapi.yaml');
export const OPENAPI_JSON = path.join(__dirname, '..', 'schemas', 'generated', 'openapi.json');

export function openApiJson(): string {
  return `${JSON.stringify(parse(fs.readFileSync(SOURCE, 'utf8')))}\n`;
}

if (require.main === module) {
  if (process.argv.includes('--check')) {
    if (!fs.existsSync(OPENAPI_JSON) || fs.readFileSync(OPENAPI_JSON, 'utf8') !== openApiJson()) {
      process.stderr.write('schemas/generated/openapi.json is stale: run npm run gen:types\n');
      process.exit(1);
    }
  } else {
    fs.writeFileSync(OPENAPI_JSON, openApiJson());
  }
}
