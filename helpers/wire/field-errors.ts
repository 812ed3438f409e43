/**
 * The field errors (`errors[]`) of a validation_failed problem, read in the two ways the specs need them.
 */
import type { FieldError } from '../../schemas/types';
import type { ApiResponse } from './api-client';
import { expect } from './matchers';

/** The field errors the problem carries, none when it has no `errors` member (callers assert what they need). */
export function carriedFieldErrors(response: ApiResponse): FieldError[] {
  return response.json<{ errors?: FieldError[] }>().errors ?? [];
}

/** A field error as received, before its members are checked. */
export interface UncheckedFieldError {
  pointer?: unknown;
  code?: unknown;
  message?: unknown;
}

/** The `errors` member, asserted to be an array (it is required on validation_failed); its entries unchecked. */
export function errorsArray(response: ApiResponse): UncheckedFieldError[] {
  const errors = response.json<{ errors?: unknown }>().errors;
  expect(Array.isArray(errors), `${response.describe()}: errors is an array`).toBe(true);
  return errors as UncheckedFieldError[];
}
