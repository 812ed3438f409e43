/**
 * CHANGELOG.md as data: an `## Unreleased` section, then one `## <version> (<summary>)` section per
 * release, newest first. The release workflow (.github/workflows/release.yml) publishes a tag's section as
 * its release notes: `npx tsx scripts/changelog.ts --notes <tag>` prints it, and fails when the tag is not
 * `v` followed by package.json's version or when the CHANGELOG has no section for that version, so a
 * release never ships without saying what changed.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');
export const CHANGELOG_FILE = path.join(ROOT, 'CHANGELOG.md');

export const UNRELEASED = 'Unreleased';

export interface ChangelogSection {
  /** `Unreleased`, or a release's version (`0.1.0`). */
  version: string;
  /** The heading's text after the version. */
  summary: string;
  /** The text under the heading, up to the next section. */
  body: string;
}

const SECTION = /^## (Unreleased|\d+\.\d+\.\d+(?:-[\w.]+)?)\b(.*)$/gm;

/** The sections of the CHANGELOG, in the file's order. */
export function changelogSections(text: string): ChangelogSection[] {
  return [...text.matchAll(SECTION)].map((heading) => {
    const start = heading.index + heading[0].length;
    const next = text.indexOf('\n## ', start);
    return {
      version: heading[1]!,
      summary: heading[2]!.trim(),
      body: text.slice(start, next < 0 ? undefined : next).trim(),
    };
  });
}

/** The subsections (`### Added`, `### Made to bite`...) of a section's body, by title. */
export function subsections(body: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const match of body.matchAll(/^### (.+)$/gm)) {
    const start = match.index + match[0].length;
    const next = body.indexOf('\n### ', start);
    parts.set(match[1]!.trim(), body.slice(start, next < 0 ? undefined : next).trim());
  }
  return parts;
}

export function packageVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** The release notes of a tag: its CHANGELOG section. Throws when the tag or the CHANGELOG is not ready. */
export function releaseNotes(tag: string, text = fs.readFileSync(CHANGELOG_FILE, 'utf8')): string {
  const version = packageVersion();
  if (tag !== `v${version}`) {
    throw new Error(`the tag ${tag} is not v${version}, the version in package.json`);
  }
  const section = changelogSections(text).find((s) => s.version === version);
  if (!section) throw new Error(`CHANGELOG.md has no section "## ${version}"`);
  return `${section.body}\n`;
}

if (require.main === module) {
  const at = process.argv.indexOf('--notes');
  const tag = at >= 0 ? process.argv[at + 1] : undefined;
  if (!tag) {
    process.stderr.write('usage: npx tsx scripts/changelog.ts --notes <tag>\n');
    process.exit(2);
  }
  try {
    process.stdout.write(releaseNotes(tag));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}
