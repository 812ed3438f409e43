/**
 * What the benches share (scripts/bench.ts, scripts/bench-floor.ts, scripts/steady.ts): the project's root
 * and Playwright's command line, rounding and medians, and the CPU time of the processes they started.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.join(__dirname, '..');
/** Playwright's command line, started with this Node: no npx lookup, no shell. */
export const CLI = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds of this process's finished children (user + system), or undefined off Linux. */
export function childrenCpuSeconds(): number | undefined {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of proc(5), cutime and cstime; `fields` starts at field 3.
    return (Number(fields[13]) + Number(fields[14])) / TICKS;
  } catch {
    return undefined;
  }
}
