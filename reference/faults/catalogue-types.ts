/**
 * The shape of a named fault: a realistic implementation bug that the suite must catch.
 */
export interface FaultDefinition {
  /** kebab-case name, switched on with REFERENCE_FAULT=<name>. */
  name: string;
  /** Catalogue ids (schemas/requirements.yaml) the fault violates. */
  requirements: string[];
  /** One sentence: what goes wrong. */
  summary: string;
}

/**
 * A variant: a freedom the contract allows that a naive suite would wrongly reject.
 */
export interface VariantDefinition {
  /** kebab-case name, switched on with REFERENCE_VARIANT=<name>. */
  name: string;
  /** The contract's wording (or "not shown" point) that allows it. */
  freedom: string;
  /** One sentence: what the variant does differently. */
  summary: string;
}
