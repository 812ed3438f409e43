/**
 * The shape of a named fault: a realistic implementation bug that the suite must catch.
 */
export interface FaultDefinition {
  /** kebab-case name, switched on with REFERENCE_FAULT=<name>. */
  readonly name: string;
  /** Catalogue ids (schemas/requirements.yaml) the fault violates. */
  readonly requirements: readonly string[];
  /** One sentence: what goes wrong. */
  readonly summary: string;
}

/**
 * A variant: a freedom the contract allows that a naive suite would wrongly reject.
 */
export interface VariantDefinition {
  /** kebab-case name, switched on with REFERENCE_VARIANT=<name>. */
  readonly name: string;
  /** The contract's wording (or "not shown" point) that allows it. */
  readonly freedom: string;
  /** One sentence: what the variant does differently. */
  readonly summary: string;
}
