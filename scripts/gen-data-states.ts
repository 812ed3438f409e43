/**
 * Writes the README's table of the minimum test tenant (between its data-states markers) from
 * helpers/contract/data-states.ts; tests/minimum-tenant.test.ts checks that the README matches.
 */
import fs from 'node:fs';
import path from 'node:path';
import { minimumTenantMarkdown, README_END, README_START } from '../helpers/contract/data-states';

const file = path.join(__dirname, '..', 'README.md');
const text = fs.readFileSync(file, 'utf8');
const start = text.indexOf(README_START);
const end = text.indexOf(README_END);
if (start < 0 || end < start) throw new Error(`README.md has no ${README_START} ... ${README_END} block`);
const next = `${text.slice(0, start)}${minimumTenantMarkdown().join('\n')}${text.slice(end + README_END.length)}`;
fs.writeFileSync(file, next);
process.stdout.write(next === text ? 'README.md is up to date\n' : 'README.md updated\n');
