/**
 * Round trips in line: of a set of requests, the longest chain each sent after the one before it was answered.
 * Against a target one round trip away it bounds the time from below (n round trips at least); requests sent
 * together count once. The request ledger counts it per test, the latency bench over the whole run.
 */

/** A request as far as timing goes: sent at `start`, answered in full at `end` (ms). */
export interface Interval {
  start: number;
  end: number;
}

/** The longest chain of `requests` each sent after the previous one's answer, in order. */
export function chainInLine<T extends Interval>(requests: readonly T[]): T[] {
  const byEnd = [...requests].sort((a, b) => a.end - b.end);
  // best[i]: the longest chain ending with byEnd[i]; chains extend only from requests answered before it began.
  const best: { length: number; previous: number }[] = [];
  for (let i = 0; i < byEnd.length; i++) {
    let choice = { length: 1, previous: -1 };
    for (let j = i - 1; j >= 0; j--)
      if (byEnd[j]!.end <= byEnd[i]!.start && best[j]!.length + 1 > choice.length)
        choice = { length: best[j]!.length + 1, previous: j };
    best.push(choice);
  }
  let at = best.reduce((m, b, i) => (b.length > (best[m]?.length ?? 0) ? i : m), 0);
  const chain: T[] = [];
  while (at >= 0 && byEnd[at]) {
    chain.unshift(byEnd[at]!);
    at = best[at]!.previous;
  }
  return chain;
}
