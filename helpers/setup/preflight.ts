/**
 * Preflight: before any test, check that the target is reachable, answers the contract's list envelope
 * under /api/v2/external/, accepts the primary key, and that every configured key role behaves as its name
 * says. A problem here is one clear message and a non-zero exit, not hundreds of red tests.
 */
import { randomUUID } from 'node:crypto';
import nodePath from 'node:path';
import { explainFirstAnswer, explainNetworkError } from '../run/network-errors';
import {
  inTrustingProcess,
  needsTrustingProcess,
  readNetworkSettings,
  trustCaBundle,
  type NetworkSettings,
} from '../run/network';
import { noteAnnouncedReset } from '../wire/rate-limit-headers';
import { noteTargetDate } from '../wire/target-clock';
import { isDroppedConnection, targetConnections, type Connections } from '../wire/connections';
import { idempotentMethod } from '../wire/replays';
import { API_PREFIX, type AnswerFacts, type ChargedBreach } from '../contract/invariant-types';
import { judgeAnswer } from '../rules/registry';
import { loadRequirements, type Requirement } from '../../schemas/requirements';
import { KEY_SETTINGS, type KeyRole } from '../run/settings';
import { OTHER_TENANT_FREEZE_ENV, type Target } from '../run/target';

export class PreflightError extends Error {
  override name = 'PreflightError';
}

/** An answer as the preflight reads it: status, media type, parsed body, headers, duration. */
interface PreflightAnswer {
  status: number;
  contentType: string;
  body: unknown;
  headers: Record<string, string>;
  durationMs: number;
}

async function sendPreflightRequest(
  target: Target,
  connections: Connections,
  network: NetworkSettings,
  key: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<PreflightAnswer> {
  const headers: Record<string, string> = {};
  if (key !== undefined) headers['x-api-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  // ---- network (issue 17): the workers' context options (helpers/run/network.ts); errors in plain words
  const started = performance.now();
  // The workers' connections and replays (helpers/wire/connections.ts): the probe of an instruction goes on a
  // connection of its own; a read whose connection dropped is sent again on one of its own.
  const send = async (fresh: boolean) => {
    const lease = await connections.lease(fresh);
    try {
      const response = await lease.context.fetch(`${target.baseUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { data: Buffer.from(JSON.stringify(body)) }),
        maxRedirects: 0,
        failOnStatusCode: false,
        timeout: target.requestTimeoutMs,
      });
      const answered = response.headers();
      lease.done(answered);
      return { status: response.status(), headers: answered, text: (await response.body()).toString('utf8') };
    } catch (error) {
      lease.done(undefined, isDroppedConnection((error as Error).message));
      throw error;
    }
  };
  let answer: Awaited<ReturnType<typeof send>>;
  try {
    answer = await send(!idempotentMethod(method)).catch((error: Error) => {
      if (!idempotentMethod(method) || !isDroppedConnection(error.message)) throw error;
      return send(true);
    });
  } catch (error) {
    throw new PreflightError(explainNetworkError(error, network, target.baseUrl));
  }
  const { status, headers: responseHeaders, text } = answer;
  noteTargetDate(responseHeaders.date, target.baseUrl);
  const contentType = responseHeaders['content-type'] ?? '';
  // ---- end network
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return {
    status,
    contentType,
    body: parsed,
    headers: responseHeaders,
    durationMs: performance.now() - started,
  };
}

const code = (p: PreflightAnswer) => (p.body as { code?: unknown } | undefined)?.code;
const describe = (p: PreflightAnswer) =>
  `${p.status}${code(p) ? ` ${String(code(p))}` : ''} (${p.contentType || 'no content type'})`;

/** A harmless request that needs exactly this scope; a 404 proves the scope was let through. */
const REQUEST_NEEDING_SCOPE: Record<
  string,
  { method: string; path: string; operationId: string; body?: unknown; ok: number[] }
> = {
  'patents:read': {
    method: 'GET',
    path: `${API_PREFIX}patents?itemsPerPage=1`,
    operationId: 'listPatents',
    ok: [200],
  },
  'invoices:read': {
    method: 'GET',
    path: `${API_PREFIX}invoices?itemsPerPage=1`,
    operationId: 'listInvoices',
    ok: [200],
  },
  'exchange-rate-freezes:write': {
    method: 'GET',
    path: `${API_PREFIX}exchange-rate-freezes?itemsPerPage=1`,
    operationId: 'listExchangeRateFreezes',
    ok: [200],
  },
  'patents:write': {
    method: 'GET',
    path: `${API_PREFIX}patents/sync/${randomUUID()}`,
    operationId: 'getSyncBatch',
    ok: [404],
  },
  'patents:instructions:write': {
    method: 'POST',
    path: `${API_PREFIX}patent-instructions`,
    operationId: 'postInstructions',
    body: { instructions: [{ eventId: randomUUID(), decision: 'SKIP_THIS_TIME' }] },
    ok: [404],
  },
};

/**
 * Marks a problem with two readings, the key's and the target's: the settings it names are to be checked, not
 * fixed (helpers/setup/preflight-report.ts reads the mark).
 */
export const TWO_READINGS = 'Two readings:';

/**
 * The breaches the scope rules of the registry (helpers/rules/scopes.ts) find in a preflight answer, each
 * charged to its requirement: the rules stated once judge it, as they judge every answer of the run.
 */
function scopeBreachesOf(
  request: { method: string; path: string; operationId: string; body?: unknown },
  answer: PreflightAnswer,
): ChargedBreach[] {
  const url = new URL(request.path, 'http://target');
  const query: Record<string, string[]> = {};
  url.searchParams.forEach((value, name) => (query[name] ??= []).push(value));
  const facts: AnswerFacts = {
    method: request.method,
    operationId: request.operationId,
    status: answer.status,
    mediaType: answer.contentType.split(';')[0]!.trim().toLowerCase(),
    headers: answer.headers,
    requestHeaders: {},
    path: url.pathname,
    pathParams: {},
    query,
    requestBody: request.body,
    sentBody: request.body !== undefined,
    body: answer.body,
    dateHeader: answer.headers.date,
  };
  const scopes = new Set(
    loadRequirements()
      .requirements.filter((r) => r.area === 'scopes')
      .map((r) => r.id),
  );
  return judgeAnswer(facts)
    .filter((j) => scopes.has(j.invariant.id))
    .flatMap((j) => j.breaches.map((message) => ({ requirement: j.invariant.id, message })));
}

/** The requirement of the scope table that names the scope of an operation. */
function scopeRequirementOf(operationId: string): Requirement | undefined {
  return loadRequirements().requirements.find(
    (r) => r.area === 'scopes' && !r.retired && r.operations.includes(operationId),
  );
}

function roleEnv(role: KeyRole): string {
  return KEY_SETTINGS.find((k) => k.role === role)!.env;
}

/**
 * Runs the preflight; resolves with the number of requests it made, rejects with a PreflightError.
 * What it finds about the keys (the other tenant's freeze capability) is published to the workers through
 * the environment and read into the Target (helpers/run/target.ts).
 */
export async function preflight(target: Target): Promise<number> {
  // ---- network (issue 17): settings checked first; with a private CA, run where the CA bundle is trusted
  let network: NetworkSettings;
  try {
    network = readNetworkSettings(target.baseUrl);
  } catch (error) {
    throw new PreflightError((error as Error).message);
  }
  if (needsTrustingProcess(network)) {
    const outcome = await inTrustingProcess<{ requests?: number; error?: string; preflight?: boolean }>(
      nodePath.join(__dirname, 'preflight-child.ts'),
      trustCaBundle(network)!,
    );
    if (outcome.error === undefined) return outcome.requests!;
    throw outcome.preflight ? new PreflightError(outcome.error) : new Error(outcome.error);
  }
  const connections = targetConnections(target.baseUrl);
  try {
    return await checks(target, connections, network);
  } finally {
    await connections.dispose();
  }
}

async function checks(target: Target, connections: Connections, network: NetworkSettings): Promise<number> {
  // ---- end network
  let requests = 0;
  const call = async (key: string | undefined, p: { method: string; path: string; body?: unknown }) => {
    requests += 1;
    return sendPreflightRequest(target, connections, network, key, p.method, p.path, p.body);
  };
  const primary = target.keys.all;
  if (!primary) throw new PreflightError('API_KEY (the primary key, all scopes) is not configured');

  const first = await call(primary, REQUEST_NEEDING_SCOPE['patents:read']!);
  // ---- network (issue 17): an answer of a proxy or a gateway, not of the target
  const pathProblem = explainFirstAnswer(first.status, first.contentType, network, target.baseUrl);
  if (pathProblem) throw new PreflightError(pathProblem);
  // ---- end network
  if (first.status === 401) {
    throw new PreflightError(`API_KEY is not accepted by ${target.baseUrl}: ${describe(first)}`);
  }
  const envelope = first.body as { pagination?: unknown; data?: unknown } | undefined;
  const json = /^application\/json\s*(;|$)/i.test(first.contentType);
  if (
    first.status !== 200 ||
    !json ||
    !envelope ||
    typeof envelope.pagination !== 'object' ||
    !Array.isArray(envelope.data)
  ) {
    throw new PreflightError(
      `${target.baseUrl} does not answer the contract under ${API_PREFIX}: GET ${API_PREFIX}patents gave ${describe(first)}, ` +
        'expected 200 with a list envelope (check BASE_URL: origin and optional path prefix, without /api/v2/external)',
    );
  }

  // A key is refused only on an answer that can mean nothing but its configuration: 401 (not a valid key),
  // 403 insufficient_scope where its scope should let the request through, a success where its role should
  // be refused. Any other unexpected answer may as well be the target deviating from the contract: the
  // preflight says both, names the exchange, and the run goes on for the tests to judge it.
  const exchange = (p: { method: string; path: string }) => `${p.method} ${p.path}`;
  /** What the checks of one key role found: a wrong key, or the target's own deviation. */
  interface Found {
    problems: string[];
    deviations: string[];
  }
  /** `answer` to `request` should be one of `expected`; `keyFault` says whether a miss proves the key wrong. */
  const judge = (
    { problems, deviations }: Found,
    env: string,
    what: string,
    request: { method: string; path: string },
    answer: PreflightAnswer,
    expected: number[],
    keyFault: (a: PreflightAnswer) => boolean,
  ) => {
    if (expected.includes(answer.status)) return;
    const said = `${env} ${what}, but ${exchange(request)} gave ${describe(answer)}`;
    if (keyFault(answer)) problems.push(said);
    else
      deviations.push(
        `${said}: either the key is not what its role says, or the target deviates from the contract ` +
          `(expected ${expected.join(' or ')} for this well-formed request); taken as the target's answer, the tests judge it`,
      );
  };
  /**
   * A single-scope key refused for the very scope its role names has two readings: the key lacks the scope
   * (the setting is wrong), or the target checks another scope on this route (the target is wrong, against
   * the scope table). Both are named, with the requirement the second breaks and how to tell them apart (the
   * scopes the provider issued the key with), and what the scope rules of the registry find wrong in the answer
   * whichever reading holds. Where the problem's requiredScope names another scope than the table's, the target
   * is at fault either way (it checks that scope, or names another than it checks): noted, and the tests judge
   * it. Else the key is refused: nothing in the answer points away from the key, and a run with a key short of
   * its scope would charge every test of its role to the target.
   */
  const refusedForItsScope = (
    found: Found,
    env: string,
    scope: string,
    request: { method: string; path: string; operationId: string; body?: unknown },
    answer: PreflightAnswer,
  ) => {
    const required = (answer.body as { requiredScope?: unknown } | undefined)?.requiredScope;
    const rule = scopeRequirementOf(request.operationId);
    const naming = typeof required === 'string' ? ` naming requiredScope ${required}` : '';
    const said = `${env} should hold ${scope}, but ${exchange(request)} gave ${describe(answer)}${naming}`;
    const keyReading = `the key lacks ${scope} (if so, fix ${env})`;
    const targetReading = `the target checks another scope than ${scope} on ${request.operationId}, against ${rule ? `${rule.id} ("${rule.clause}")` : 'the scope table of the contract'}`;
    const tellApart = `to tell them apart, compare with the scopes the provider issued this key with: if they include ${scope}, the target is at fault`;
    const breaches = scopeBreachesOf(request, answer);
    const either = breaches.length
      ? `; whichever holds, the answer breaks ${breaches.map((b) => `${b.requirement} (${b.message})`).join(', ')}`
      : '';
    if (typeof required === 'string' && required !== scope) {
      found.deviations.push(
        `${said}. ${TWO_READINGS} ${targetReading}, or ${keyReading} and the target names another scope than it checks${either}; ` +
          `${tellApart}. Taken as the target's answer, the tests judge it`,
      );
      return;
    }
    found.problems.push(`${said}. ${TWO_READINGS} ${keyReading}, or ${targetReading}${either}; ${tellApart}`);
  };
  const unauthenticated = (a: PreflightAnswer) => a.status === 401;
  const lacksScope = (a: PreflightAnswer) =>
    unauthenticated(a) || (a.status === 403 && code(a) === 'insufficient_scope');
  const letThrough = (a: PreflightAnswer) =>
    unauthenticated(a) || (a.status >= 200 && a.status < 300) || a.status === 404;
  delete process.env[OTHER_TENANT_FREEZE_ENV];
  // The roles are checked at once, one round trip or two for all of them; their findings in the roles' order.
  const checkRole = async (setting: (typeof KEY_SETTINGS)[number]): Promise<Found> => {
    const found: Found = { problems: [], deviations: [] };
    const { problems } = found;
    const key = target.keys[setting.role];
    if (!key || setting.role === 'all') return found;
    const env = roleEnv(setting.role);
    if (setting.scope) {
      const needing = REQUEST_NEEDING_SCOPE[setting.scope]!;
      const otherScope = setting.scope === 'patents:read' ? 'invoices:read' : 'patents:read';
      const otherRequest = REQUEST_NEEDING_SCOPE[otherScope]!;
      const [own, other] = await Promise.all([call(key, needing), call(key, otherRequest)]);
      if (own.status === 403 && code(own) === 'insufficient_scope')
        refusedForItsScope(found, env, setting.scope, needing, own);
      else judge(found, env, `should hold ${setting.scope}`, needing, own, needing.ok, lacksScope);
      judge(
        found,
        env,
        `should hold only ${setting.scope} (not ${otherScope})`,
        otherRequest,
        other,
        [403],
        letThrough,
      );
    } else if (setting.role === 'noScopes') {
      const read = REQUEST_NEEDING_SCOPE['patents:read']!;
      judge(found, env, 'should have an empty scope list', read, await call(key, read), [403], letThrough);
    } else if (setting.role === 'expired') {
      const read = REQUEST_NEEDING_SCOPE['patents:read']!;
      judge(
        found,
        env,
        'should be expired',
        read,
        await call(key, read),
        [401],
        (a) => a.status >= 200 && a.status < 300,
      );
    } else if (setting.role === 'noFreeze') {
      const freezes = REQUEST_NEEDING_SCOPE['exchange-rate-freezes:write']!;
      judge(
        found,
        env,
        'should belong to a tenant without the freeze capability',
        freezes,
        await call(key, freezes),
        [403],
        (a) => unauthenticated(a) || (a.status >= 200 && a.status < 300),
      );
    } else if (setting.role === 'otherTenant') {
      const read = REQUEST_NEEDING_SCOPE['patents:read']!;
      const p = await call(key, read);
      const ids = (b: unknown) => ((b as { data?: { id?: string }[] })?.data ?? []).map((x) => x.id);
      judge(found, env, 'should be a valid key of another tenant', read, p, [200], lacksScope);
      if (p.status === 200 && ids(p.body).some((id) => ids(first.body).includes(id))) {
        problems.push(`${env} sees the primary tenant's patents: it must belong to another tenant`);
      }
      // The freeze capability is the account's (Authentication 7): the second tenant may lack it, which
      // the tests writing freezes with its key must know. Neither answer is a problem of the key.
      const freezes = await call(key, REQUEST_NEEDING_SCOPE['exchange-rate-freezes:write']!);
      if (freezes.status === 200) process.env[OTHER_TENANT_FREEZE_ENV] = 'enabled';
      else if (freezes.status === 403 && code(freezes) === 'forbidden')
        process.env[OTHER_TENANT_FREEZE_ENV] = 'forbidden';
    } else {
      const read = REQUEST_NEEDING_SCOPE['patents:read']!;
      const p = await call(key, read);
      // The low-quota key's reset starts the countdown the rate-limit tests judge late in the run (RATE-013).
      if (setting.role === 'lowQuota') noteAnnouncedReset(target.baseUrl, key, p);
      // A low-quota key used up today (429) is still a valid key; its tests skip on their own.
      const spent = setting.role === 'lowQuota' && p.status === 429 && code(p) === 'rate_limit_exceeded';
      if (!spent) judge(found, env, 'should be a valid key with all scopes', read, p, [200], lacksScope);
    }
    return found;
  };
  const findings = await Promise.all(KEY_SETTINGS.map(checkRole));
  const problems = findings.flatMap((f) => f.problems);
  const deviations = findings.flatMap((f) => f.deviations);
  if (problems.length) {
    throw new PreflightError(
      `the configured keys do not behave as their roles say:\n  - ${problems.join('\n  - ')}` +
        (deviations.length
          ? `\nand answers that may be the target's own deviation:\n  - ${deviations.join('\n  - ')}`
          : ''),
    );
  }
  for (const deviation of deviations) process.stderr.write(`preflight: note: ${deviation}\n`);
  return requests;
}
