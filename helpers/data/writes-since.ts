/**
 * The run's writes since an earlier read, for a test that sets a later read against it. The expectation is the
 * earlier read plus these writes: what a write since may have moved (the dependency map,
 * helpers/contract/write-effects.ts) is left out of the comparison, what none moved must read as before. Never
 * a second read until the answers agree.
 *
 * Asked once the later reads are answered: every write they may show was recorded before it was sent
 * (helpers/run/consistency-ledger.ts), in any worker.
 */
import type { WriteSpan } from '../contract/consistency';
import {
  mayMove,
  mayMoveSomething,
  type Aspect,
  type PatentOf,
  type Subject,
} from '../contract/write-effects';
import { withoutMoved } from '../contract/member-aspects';
import { runWritesSince, seenPatentOf } from '../run/consistency-ledger';
import { holdsQuiet } from '../run/quiet';
import { pause } from '../run/waits';
import type { ApiResponse } from '../wire/api-response';

/** An event as a subject: its patent and the patent's providerId copy. */
interface EventLike {
  id: string;
  patent: { id: string; providerId?: string | null };
}

/** A patent as a subject. */
interface PatentLike {
  id: string;
  providerId?: string | null;
}

/** The longest a test waits for the answers of the writes in flight. */
const IN_FLIGHT_BOUND_MS = 15_000;

export class WritesSince {
  constructor(
    /** The earlier read's first request was sent then (ms). */
    readonly since: number,
    private readonly spans: readonly WriteSpan[],
    private readonly patentOf: PatentOf,
  ) {}

  /** Whether a write since may have moved one of `aspects` of the subject. */
  moved(subject: Subject, ...aspects: Aspect[]): boolean {
    return this.movers(subject, ...aspects).length > 0;
  }

  /** The writes since that may have moved one of `aspects` of the subject, in words. */
  movers(subject: Subject, ...aspects: Aspect[]): string[] {
    return this.spans
      .filter((w) => aspects.some((aspect) => mayMove(w.write, aspect, subject, this.patentOf)))
      .map((w) => w.what);
  }

  /** `moved` for an event (its patent and the patent's providerId copy). */
  movedEvent(event: EventLike, ...aspects: Aspect[]): boolean {
    return this.moved(
      { eventId: event.id, patentId: event.patent.id, providerId: event.patent.providerId },
      ...aspects,
    );
  }

  /** `moved` for a patent (and its events, for the aspects of events). */
  movedPatent(patent: PatentLike, ...aspects: Aspect[]): boolean {
    return this.moved({ patentId: patent.id, providerId: patent.providerId }, ...aspects);
  }

  /** `moved` for what the tenant holds as a whole (its patents, its invoices, its frozen months). */
  movedTenant(...aspects: Aspect[]): boolean {
    return this.moved({}, ...aspects);
  }

  /** Whether a write since may have moved one of `aspects` of any subject: of the tenant or of what it names. */
  movedAny(...aspects: Aspect[]): boolean {
    return this.spans.some((w) => aspects.some((aspect) => mayMoveSomething(w.write, aspect)));
  }

  /**
   * A copy of `resource` (a Patent, PatentEvent, Fees or Invoice) without the members a write since may have
   * moved: what the earlier read and a later one must agree on.
   */
  unmoved<T extends object>(
    component: 'Patent' | 'PatentEvent' | 'Fees' | 'Invoice',
    resource: T,
  ): Partial<T> {
    return withoutMoved(component, resource as Record<string, unknown>, (aspects, subject) =>
      this.moved(subject, ...aspects),
    ) as Partial<T>;
  }

  /** The writes since, in words, for a message or an observation. */
  describe(): string {
    return this.spans.length === 0 ? 'no write' : this.spans.map((w) => w.what).join(', ');
  }
}

/**
 * The writes of the run on the target `namespace` since `since`, each as its answer left it: a write still in
 * flight may yet be refused and move nothing (an instruction batch is atomic), so its answer is awaited
 * (bounded) rather than its request taken for its effect. Inside a quiet section (helpers/run/quiet.ts) the
 * writes of other tests not answered are waiting at the gate, unsent: none is awaited. A write left running in
 * the background counts as it is. An event's patent is `patentOf`'s (the earlier read), else as any worker of
 * the run saw it.
 */
export async function writesSince(
  namespace: string,
  since: number,
  patentOf: PatentOf = () => undefined,
): Promise<WritesSince> {
  const asked = Date.now();
  const deadline = asked + IN_FLIGHT_BOUND_MS;
  const read = () => runWritesSince(namespace, since).filter((w) => w.start <= asked);
  let spans = read();
  while (
    !holdsQuiet(namespace) &&
    spans.some((w) => w.end === undefined && !w.background) &&
    Date.now() < deadline
  ) {
    await pause(20);
    spans = read();
  }
  return new WritesSince(since, spans, (e) => patentOf(e) ?? seenPatentOf(e));
}

/** When the request of an answer was sent (ms): the `since` of the writes that may have moved what it shows. */
export function sentAtOf(response: ApiResponse): number {
  const { sentAt, durationMs } = response.exchange;
  return sentAt ?? Date.now() - durationMs;
}
