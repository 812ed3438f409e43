/**
 * CHANGELOG.md: an Unreleased section, then a section for package.json's version (the newest release), its
 * changes under Added, Made to bite, Relaxed or Retired, citing only requirements of the catalogue; the
 * first release's table agrees with the catalogue. Its sections are the release notes of the tags.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { loadRequirements, requirementById } from '../schemas/requirements';
import { changelogSections, releaseNotes, subsections, UNRELEASED } from '../scripts/changelog';
import { ROOT } from './report-support';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { version: string; files: string[] };

void describe('CHANGELOG.md', () => {
  const text = read('CHANGELOG.md');
  const sections = changelogSections(text);
  const releases = sections.filter((s) => s.version !== UNRELEASED);

  void test("opens with Unreleased, then a section for package.json's version, newest first", () => {
    assert.equal(sections[0]?.version, UNRELEASED);
    assert.equal(sections.filter((s) => s.version === UNRELEASED).length, 1);
    assert.equal(releases[0]?.version, pkg.version, `the newest release section is not ${pkg.version}`);
    const order = releases.map((s) => s.version.split(/[.-]/).map(Number));
    for (let i = 1; i < order.length; i++) {
      const [a, b] = [order[i - 1]!, order[i]!];
      const newer = a.findIndex((n, k) => n !== b[k]);
      assert.ok(
        newer >= 0 && a[newer]! > b[newer]!,
        `${releases[i - 1]!.version} before ${releases[i]!.version}`,
      );
    }
    assert.ok(pkg.files.includes('CHANGELOG.md'), 'the package does not carry CHANGELOG.md');
  });

  void test("the version's section names the contract and catalogue versions --version prints", () => {
    const body = releases.find((s) => s.version === pkg.version)!.body;
    const contract = (parse(read('schemas/openapi.yaml')) as { info: { version: string } }).info.version;
    assert.ok(
      body.includes(`contract ${contract}`),
      `the ${pkg.version} section does not name contract ${contract}`,
    );
    const catalogue = `requirement catalogue version ${loadRequirements().version}`;
    assert.ok(body.includes(catalogue), `the ${pkg.version} section does not name ${catalogue}`);
  });

  void test('changes are listed under Added, Made to bite, Relaxed or Retired, and nothing else', () => {
    const kinds = ['Added', 'Made to bite', 'Relaxed', 'Retired'];
    for (const section of sections) {
      for (const title of subsections(section.body).keys()) {
        assert.ok(kinds.includes(title), `${section.version}: "### ${title}" is none of ${kinds.join(', ')}`);
      }
    }
  });

  void test('every requirement id it cites is in the catalogue', () => {
    const cited = [...new Set([...text.matchAll(/\b[A-Z]{2,6}-\d{3}\b/g)].map((m) => m[0]))];
    assert.ok(cited.length > 0);
    assert.deepEqual(
      cited.filter((id) => !requirementById(id)),
      [],
      'ids the catalogue does not hold',
    );
  });

  void test("the first release's table counts each area's entries, less those added since", () => {
    const first = releases.at(-1)!;
    // Ids are never renumbered or reused and retired entries stay, so the first release's entries are the
    // catalogue's less those a later section lists as added. Levels are not compared: a later release may
    // change an entry's level, and the table records the first release's.
    const addedSince = new Set(
      sections
        .slice(0, sections.indexOf(first))
        .flatMap((s) => [...(subsections(s.body).get('Added') ?? '').matchAll(/\b[A-Z]{2,6}-\d{3}\b/g)])
        .map((m) => m[0]),
    );
    const rows = [
      ...first.body.matchAll(/^\| ([^|]+) \| `([A-Z]+)-(\d{3})` to `([A-Z]+)-(\d{3})` \|(.*)\|$/gm),
    ];
    const catalogue = loadRequirements();
    assert.deepEqual(
      rows.map((r) => r[1]!.trim()),
      catalogue.areas.map((a) => a.title),
      'one row per area of the catalogue, in its order',
    );
    let total = 0;
    const levels = [0, 0, 0];
    for (const [row, area] of rows.map((r, i) => [r, catalogue.areas[i]!] as const)) {
      const entries = catalogue.requirements.filter((r) => r.area === area.key && !addedSince.has(r.id));
      const [count, ...byLevel] = row[6]!.split('|').map((cell) => Number(cell.trim()));
      assert.equal(row[2], area.prefix);
      assert.equal(row[4], area.prefix);
      assert.equal(row[3], '001');
      assert.equal(Number(row[5]), Math.max(...entries.map((r) => Number(r.id.slice(-3)))), area.title);
      assert.equal(count, entries.length, area.title);
      assert.equal(
        byLevel.reduce((a, b) => a + b, 0),
        count,
        `${area.title}: the levels do not add up`,
      );
      total += count!;
      byLevel.forEach((n, i) => (levels[i]! += n));
    }
    assert.ok(
      first.body.includes(`${total} requirements (${levels[0]} MUST, ${levels[1]} SHOULD, ${levels[2]} MAY)`),
      `the first release does not state its total: ${total} requirements (${levels.join(', ')})`,
    );
  });

  void test('the release notes of a tag are its section; a tag not matching package.json is refused', () => {
    const notes = releaseNotes(`v${pkg.version}`, text);
    assert.equal(notes, `${releases[0]!.body}\n`);
    assert.throws(() => releaseNotes(`v${pkg.version}.1`, text), /is not v/);
    assert.throws(() => releaseNotes(`v${pkg.version}`, '# Changelog\n\n## Unreleased\n'), /no section/);
  });
});
