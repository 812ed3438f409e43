/**
 * The textual form of a UUID (RFC 9562: 8-4-4-4-12 hexadecimal digits, either case), as the contract's `uuid`
 * identifiers are written. Ajv's `uuid` format also takes a `urn:uuid:` prefix, which an id never carries.
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
