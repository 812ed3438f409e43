/**
 * The CI gate users copy (.github/workflows/conformance.yml), parsed once for the tests that read it: its
 * steps and jobs as typed here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './report-support';

export const WORKFLOW = '.github/workflows/conformance.yml';

export interface Step {
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
export interface Job {
  needs?: string | string[];
  if?: string;
  env?: Record<string, string>;
  strategy?: { matrix?: { shard?: number[] } };
  steps: Step[];
}

export const workflow = parse(fs.readFileSync(path.join(ROOT, WORKFLOW), 'utf8')) as {
  on: Record<string, unknown>;
  env: Record<string, string>;
  jobs: Record<string, Job> & { test: Job; gate: Job };
};
