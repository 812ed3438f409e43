/**
 * The bench's floors (`npm run bench -- --floor`): how fast any suite of as many tests could run on this
 * stack and machine. The stack's floor runs no-op tests; the traffic floor adds the suite's number of reads
 * to the embedded reference, judging none. The suite's time is compared with both (scripts/bench.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { workerCount } from '../helpers/run/settings';
import { childrenCpuSeconds, CLI, median, ROOT, round } from './bench-common';

/** A floor: its wall and CPU time, medians over the measured runs. */
export interface Floor {
  wallSeconds: number;
  cpuSeconds: number | null;
}

/**
 * The generated project of a floor. The stack's floor: as many tests as the suite has, each doing nothing but
 * two `expect`s, over as many spec files. The traffic floor adds to it the suite's traffic and nothing else:
 * the embedded reference started in a thread of the runner by a global setup (as the suite's is), and the
 * tests sending as many requests as the suite sends, each a read of one page of the patent list through a
 * request context of the worker (Playwright's, as the suite's client uses), its answer judged by nothing.
 * Both run with the same workers, the same reporters (list, allure-playwright, JSON, JUnit), the same base
 * test type and the same code cache as the suite. No suite can run faster than its floors on the machine:
 * the gap to the stack's floor is the suite's own, and of that gap, the traffic floor shows what its
 * requests cost before anything is checked.
 */
function writeFloorProject(dir: string, tests: number, specFiles: number, requests?: number): void {
  fs.mkdirSync(path.join(dir, 'specs'));
  const helper = (name: string) => JSON.stringify(path.join(ROOT, 'helpers', ...name.split('/')));
  let sent = 0;
  let written = 0;
  for (let file = 0; file < specFiles; file++) {
    const count = Math.floor(tests / specFiles) + (file < tests % specFiles ? 1 : 0);
    const body = Array.from({ length: count }, (_, i) => {
      const title = `'no-op ${file}.${i} [FLOOR-${i}]'`;
      if (requests === undefined)
        return `test(${title}, () => { expect(${i}).toBe(${i}); expect('a').toBeTruthy(); });`;
      // The requests spread evenly over the tests, as whole numbers that add up to `requests`.
      written += 1;
      const share = Math.floor((requests * written) / tests) - sent;
      sent += share;
      return (
        `test(${title}, async ({ target }) => { let status = 200; ` +
        `for (let n = 0; n < ${share}; n++) status = (await read(target)).status(); ` +
        `expect(status).toBe(200); expect('a').toBeTruthy(); });`
      );
    });
    const header =
      requests === undefined
        ? `import { _baseTest as test, expect } from '@playwright/test';`
        : `import { test, expect, read } from '../floor-fixtures';`;
    fs.writeFileSync(path.join(dir, 'specs', `floor-${file}.spec.ts`), [header, ...body, ''].join('\n'));
  }
  if (requests !== undefined) {
    fs.writeFileSync(
      path.join(dir, 'floor-fixtures.ts'),
      [
        `import { _baseTest, expect, request, type APIRequestContext } from '@playwright/test';`,
        `export const test = _baseTest.extend<object, { target: APIRequestContext }>({`,
        `  target: [async ({}, use) => { const context = await request.newContext(); await use(context); await context.dispose(); }, { scope: 'worker' }],`,
        `});`,
        `import { withPlainStacks } from ${helper('wire/plain-stacks')};`,
        // Sent as the suite's client sends (helpers/wire/api-client.ts): the floor is the cheapest the suite could be.
        `export const read = async (target: APIRequestContext) => {`,
        `  const answer = await withPlainStacks(() => target.fetch(process.env.FLOOR_BASE_URL + '/api/v2/external/patents?itemsPerPage=10', { headers: { 'x-api-key': process.env.FLOOR_API_KEY! }, maxRedirects: 0, failOnStatusCode: false }));`,
        `  await withPlainStacks(() => answer.body());`,
        `  return answer;`,
        `};`,
        `export { expect };`,
        '',
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(dir, 'floor-setup.ts'),
      [
        `import { startReferenceThread } from ${helper('setup/reference-thread')};`,
        `import { EMBEDDED_TIME_ZONE } from ${helper('run/target')};`,
        `export default async function setup() {`,
        `  const reference = await startReferenceThread({ timeZone: EMBEDDED_TIME_ZONE });`,
        `  process.env.FLOOR_BASE_URL = reference.url;`,
        `  process.env.FLOOR_API_KEY = reference.keys.all;`,
        `  return () => reference.close();`,
        `}`,
        '',
      ].join('\n'),
    );
  }
  const out = (name: string) => JSON.stringify(path.join(dir, 'out', name));
  fs.writeFileSync(
    path.join(dir, 'playwright.config.ts'),
    [
      `import { defineConfig } from '@playwright/test';`,
      // The suite's workers load their modules from a code cache (playwright.config.ts): so do the floor's.
      `import { withCompileCache } from ${helper('run/compile-cache')};`,
      `process.env.NODE_OPTIONS = withCompileCache(process.env.NODE_OPTIONS);`,
      `export default defineConfig({ testDir: 'specs', fullyParallel: true, workers: ${workerCount()},`,
      ...(requests === undefined ? [] : [`  globalSetup: './floor-setup.ts',`]),
      `  reporter: [['list'], ['allure-playwright', { resultsDir: ${out('allure')} }], ['json', { outputFile: ${out('results.json')} }], ['junit', { outputFile: ${out('junit.xml')} }]] });`,
      '',
    ].join('\n'),
  );
}

/** A floor (the traffic floor when `requests` is given), measured `runs` times after a warm-up run. */
export function runFloor(tests: number, specFiles: number, runs: number, requests?: number): Floor {
  // Inside the project, so that the generated files resolve @playwright/test from its node_modules.
  fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(ROOT, 'reports', '.bench-floor-'));
  try {
    writeFloorProject(dir, tests, specFiles, requests);
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const cpuBefore = childrenCpuSeconds();
      const started = performance.now();
      const run = spawnSync(process.execPath, [CLI, 'test'], {
        cwd: dir,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      const cpuAfter = childrenCpuSeconds();
      // A floor that failed measured nothing: its figure would flatter the suite.
      if (run.status !== 0)
        throw new Error(
          `the ${requests === undefined ? 'stack' : 'traffic'} floor failed:\n${run.stdout}${run.stderr}`,
        );
      if (i === 0) continue; // the warm-up run compiles the files
      walls.push((performance.now() - started) / 1000);
      if (cpuBefore !== undefined && cpuAfter !== undefined) cpus.push(cpuAfter - cpuBefore);
    }
    return { wallSeconds: round(median(walls)), cpuSeconds: cpus.length ? round(median(cpus)) : null };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
