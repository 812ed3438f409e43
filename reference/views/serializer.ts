/**
 * Wire representations (reference/views/, one module per resource): store records to the contract's JSON
 * objects. Kept apart from the domain so that what is stored and what is shown can each change in one place.
 *
 * Each view is the clean mapping of its table in the contract ("Resources and their fields"). The serializer
 * faults, which write a finished view otherwise, sit in a table beside it (`*_FAULTS`), applied by `written`
 * below; the faults that choose other data (another input, another lookup) stay where that data is chosen.
 */
import { currentBehaviour, type FaultName } from '../behaviour';

/** A view as a faulty serializer writes it: a member may change its type, go or come. */
export type Written = Record<string, unknown>;

/** The serializer faults of a view: each rewrites the finished clean view (reading its record if need be). */
export type SerializerFaults<View, Source = unknown> = Partial<
  Record<FaultName, (view: View, source: Source) => Written>
>;

/** The view as the serializer writes it: the clean view, or what the running fault's edit makes of it. */
export function written<View extends Written, Source>(
  faults: SerializerFaults<View, Source>,
  view: View,
  source: Source,
): View {
  const { fault } = currentBehaviour();
  const edit = fault === undefined ? undefined : faults[fault];
  // The one place a view may leave the contract's shape its type states: a fault's edit is off-contract.
  return edit === undefined ? view : (edit(view, source) as View);
}

/** The view without some members (kept in order, as JSON.stringify writes them). */
export function without(view: Written, names: readonly string[]): Written {
  return Object.fromEntries(Object.entries(view).filter(([name]) => !names.includes(name)));
}
