/**
 * One answer of the target as the suite holds it: the exchange and the operation it answered. A leaf module,
 * so that the checks every answer goes through (rate-limit-headers.ts, schema-validator.ts) and the client
 * that runs them (api-client.ts) need not import each other.
 */
import type { OperationId } from '../contract/contract';
import { isJsonMediaType } from '../contract/invariant-types';
import type { Exchange } from './exchange';

/** Raised when the target's answer cannot be used at all (no answer, unparsable JSON): an infrastructure fault. */
export class TargetError extends Error {
  override name = 'TargetError';
}

export class ApiResponse {
  constructor(
    readonly exchange: Exchange,
    readonly operationId: OperationId | undefined,
  ) {}

  get status(): number {
    return this.exchange.status;
  }

  get headers(): Record<string, string> {
    return this.exchange.headers;
  }

  header(name: string): string | undefined {
    return this.exchange.headers[name.toLowerCase()];
  }

  /** Media type without parameters, lower-cased (`application/json; charset=utf-8` -> `application/json`). */
  get mediaType(): string {
    return (this.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  }

  get body(): Buffer {
    return this.exchange.body;
  }

  get text(): string {
    return this.exchange.body.toString('utf8');
  }

  get isJson(): boolean {
    return isJsonMediaType(this.mediaType);
  }

  private parsed: { value: unknown } | undefined;

  /** The body parsed as JSON; a body that is not JSON is the target's fault and says so. */
  json<T = unknown>(): T {
    if (!this.parsed) {
      try {
        this.parsed = { value: JSON.parse(this.text) as unknown };
      } catch (error) {
        const where = `${this.exchange.request.method} ${this.exchange.request.url}`;
        const start = this.text.slice(0, 120).replace(/\s+/g, ' ');
        throw new TargetError(
          `the target answered ${where} with ${this.status} and a body that is not JSON ` +
            `(content-type ${this.header('content-type') ?? 'absent'}; ${(error as Error).message}; body starts: ${JSON.stringify(start)})`,
        );
      }
    }
    return this.parsed.value as T;
  }

  describe(): string {
    return `${this.exchange.request.method} ${this.exchange.request.url} -> ${this.status}`;
  }
}
