/**
 * Writes .env.example from the declared settings (helpers/settings.ts), so the two never drift.
 * `--check` exits non-zero when the committed file differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SETTINGS } from '../helpers/settings';

export function envExample(): string {
  const lines = [
    '# Target configuration for the conformance suite. Copy to .env (never committed) and fill in.',
    '# With BASE_URL unset, the suite starts its embedded reference server and ignores the rest.',
    '',
  ];
  for (const setting of SETTINGS) {
    lines.push(`# ${setting.meaning} (default: ${setting.default})`, `${setting.env}=`, '');
  }
  return lines.join('\n');
}

const file = path.join(__dirname, '..', '.env.example');
if (process.argv.includes('--check')) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (current !== envExample()) {
    process.stderr.write('.env.example is out of date: run npm run gen:env\n');
    process.exit(1);
  }
} else if (require.main === module) {
  fs.writeFileSync(file, envExample());
}
