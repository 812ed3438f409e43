/**
 * The forms of values the contract states once and several areas judge: money amounts and currency codes
 * (read from the document's components), UTC timestamps, office codes.
 */
import { loadOpenApi } from '../../schemas/ajv';
import { isCalendarDate } from './calendar';
import { moneyPattern } from './schema-walk';

/** A money amount: a decimal string (the `Decimal` component's pattern). */
export const DECIMAL_STRING = new RegExp(moneyPattern());

/** An ISO 4217 code as the `CurrencyCode` component writes it. */
export const CURRENCY_CODE = new RegExp(
  String((loadOpenApi().components?.schemas?.CurrencyCode as { pattern?: string } | undefined)?.pattern),
);

/**
 * RFC 3339 date-time (the `date-time` format) whose offset is UTC: `Z` or `+00:00` (RFC 3339 allows `t`, `z`).
 * Second 60 is a leap second, which in UTC falls only at 23:59.
 */
const UTC_TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})[Tt](?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d|23:59:60)(\.\d+)?([Zz]|\+00:00)$/;

/** True for an RFC 3339 date-time in UTC on a real calendar day. */
export function isUtcTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = UTC_TIMESTAMP.exec(value);
  return match !== null && isCalendarDate(match[1]);
}

/**
 * WO, EP, EA or an ISO 3166-1 code in any of its three forms: alpha-2 and alpha-3 (upper-case letters, as the
 * standard writes them) or numeric (three digits). Which codes a server knows is not stated (OPEN-POINTS B11).
 */
export const OFFICE_CODE = /^(?:[A-Z]{2,3}|\d{3})$/;
