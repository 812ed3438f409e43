/**
 * The shape of a named fault: a realistic implementation bug that the suite must catch.
 */
export interface FaultDefinition {
  /** kebab-case name, switched on with REFERENCE_FAULT=<name>. */
  readonly name: string;
  /**
   * Catalogue ids (schemas/requirements.yaml) the fault violates. The first is the one it is about: its area
   * names the file the fault sits in (reference/faults/<area>.ts).
   */
  readonly requirements: readonly string[];
  /** One sentence: what goes wrong. */
  readonly summary: string;
  /**
   * Set when the fault shows only across runs against the same target (a fact the contract fixes drifts
   * between two starts of the server): one run cannot see it, so the mutation run leaves it out and
   * `tests/fact-ledger.test.ts` runs the suite twice against it instead.
   */
  readonly acrossRuns?: true;
  /**
   * Set when the fault shows only on some days or in some zones (a first of the month, a change of daylight
   * saving time): the mutation run serves it on a reference pinned there, beside a clean reference pinned the
   * same way as its control, whatever day the run itself is made on.
   */
  readonly calendar?: FaultCalendar;
}

/** The day (`YYYY-MM-DD`, optionally `THH:MM` local) and zone a fault's reference is pinned to, and why. */
export interface FaultCalendar {
  readonly today: string;
  readonly timeZone: string;
  readonly because: string;
}

/**
 * A variant: a freedom the contract allows that a naive suite would wrongly reject.
 */
export interface VariantDefinition {
  /** kebab-case name, switched on with REFERENCE_VARIANT=<name>. */
  readonly name: string;
  /**
   * Catalogue ids (schemas/requirements.yaml) the variant relaxes: those whose tests a suite asserting more
   * than the contract states would fail on it. The first is the one it is about: its area names the file the
   * variant sits in (reference/variants/<area>.ts).
   */
  readonly requirements: readonly string[];
  /** The contract's wording (or "not shown" point) that allows it. */
  readonly freedom: string;
  /** One sentence: what the variant does differently. */
  readonly summary: string;
}
