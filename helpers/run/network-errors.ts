/**
 * What went wrong on the way to the target, in plain words: the network error a request met, or the first
 * answer that was not the target's (a proxy's or a gateway's), each naming the setting to fix
 * (helpers/run/network.ts reads the settings).
 */
import net from 'node:net';
import type { NetworkSettings } from './network';

const NETWORK_SETTING_NAMES = [
  'TARGET_CA_FILE',
  'CLIENT_CERT_FILE',
  'CLIENT_KEY_FILE',
  'CLIENT_PFX_FILE',
  'CLIENT_CERT_PASSPHRASE',
  'TARGET_PROXY',
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'NO_PROXY',
  'EXTRA_HEADERS',
];

/**
 * The settings a network message (below) names as the ones to fix; empty when it names none. BASE_URL
 * counts only beside them or for a hostname mismatch; INSECURE_TLS is offered, never the fix.
 */
export function networkSettingsNamed(message: string): string[] {
  const named = (name: string) => new RegExp(`(^|[^\\w])${name}([^\\w]|$)`).test(message);
  const network = NETWORK_SETTING_NAMES.filter(named);
  if (network.length === 0 && !/hostname(\/IP)? mismatch/.test(message)) return [];
  return [...(named('BASE_URL') ? ['BASE_URL'] : []), ...network];
}

const UNTRUSTED =
  /UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_GET_ISSUER_CERT|unable to verify the first certificate|self[- ]signed certificate|unable to get (local )?issuer certificate/i;
const MISMATCH =
  /ERR_TLS_CERT_ALTNAME_INVALID|does not match certificate's altnames|Hostname\/IP does not match/i;
const EXPIRED = /CERT_HAS_EXPIRED|certificate has expired|CERT_NOT_YET_VALID/i;
const CLIENT_REFUSED =
  /alert certificate required|alert bad certificate|alert unknown ca|alert handshake failure|alert access denied|certificate required|peer did not return a certificate|CERTIFICATE_REQUIRED|ECONNRESET|socket hang up|EPIPE/i;
const BAD_KEY =
  /bad decrypt|mac verify failure|wrong password|BAD_DECRYPT|unsupported PKCS12|PEM routines|DECODER routines|key values mismatch|KEY_VALUES_MISMATCH|ERR_OSSL/i;

function addressOf(server: string): { host: string; port: string } {
  const url = new URL(server);
  return { host: url.hostname, port: url.port || (url.protocol === 'https:' ? '443' : '80') };
}

/** The plain message for an error raised while sending to the target (none of the setting values in it). */
export function explainNetworkError(error: unknown, network: NetworkSettings, baseUrl: string): string {
  const message = (error as Error).message ?? String(error);
  const first =
    message
      .split('\n')
      .find((l) => l.trim() && !/^\s*(Call log|at |-)/.test(l))
      ?.trim() ?? message;
  const origin = new URL(baseUrl).origin;
  const proxy = network.proxy;
  if (proxy) {
    const { host, port } = addressOf(proxy.server);
    if (
      /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ETIMEDOUT/.test(message) &&
      message.includes(`${port}`) &&
      (message.includes(host) || /ENOTFOUND|EAI_AGAIN/.test(message))
    ) {
      return `the proxy ${proxy.server} (from ${proxy.setting}) refused the connection or cannot be reached: check ${proxy.setting} (or NO_PROXY)`;
    }
  }
  if (MISMATCH.test(message)) {
    const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
    return net.isIP(host)
      ? `the certificate of ${origin} is not issued for the IP address ${host} (hostname/IP mismatch): use an address or host name the certificate names in BASE_URL (INSECURE_TLS=true accepts it, weakening the run)`
      : `the certificate of ${origin} is not issued for the host name ${host} (hostname mismatch): use the host name the certificate names in BASE_URL (INSECURE_TLS=true accepts it, weakening the run)`;
  }
  if (EXPIRED.test(message)) {
    return `the certificate of ${origin} has expired or is not yet valid: renew it on the target (INSECURE_TLS=true accepts it, weakening the run)`;
  }
  if (UNTRUSTED.test(message)) {
    return network.caFile
      ? `the certificate of ${origin} is not signed by a CA of TARGET_CA_FILE: put the CA that issued it (with its intermediates) in TARGET_CA_FILE`
      : `the certificate of ${origin} is not trusted (a private CA?): set TARGET_CA_FILE to the PEM file of the CA that issued it`;
  }
  if (network.clientCertificate && BAD_KEY.test(message)) {
    return `the client certificate cannot be loaded: check ${network.clientCertificate.kind === 'pem' ? 'CLIENT_CERT_FILE and CLIENT_KEY_FILE' : 'CLIENT_PFX_FILE'} and CLIENT_CERT_PASSPHRASE`;
  }
  if (origin.startsWith('https:') && CLIENT_REFUSED.test(message)) {
    return network.clientCertificate
      ? `${origin} refused the client certificate during the TLS handshake: check that ${network.clientCertificate.kind === 'pem' ? 'CLIENT_CERT_FILE' : 'CLIENT_PFX_FILE'} is a certificate the target accepts`
      : `${origin} closed the TLS handshake: it likely requires a client certificate (set CLIENT_CERT_FILE and CLIENT_KEY_FILE, or CLIENT_PFX_FILE)`;
  }
  return `the target ${baseUrl} is not reachable: ${first.replace(/^[\w.]+: /, '')}`;
}

/**
 * The plain message when the first answer is not the target's: a 407 of the proxy (credentials); a non-JSON
 * 4xx or 5xx through a proxy, which is a refused CONNECT (the client reads the proxy's answer in place of the
 * target's) or a gateway refusing; without a proxy, a non-JSON 401 or 403, a gateway in front of the target
 * refusing the request (it wants a header of its own).
 */
export function explainFirstAnswer(
  status: number,
  contentType: string,
  network: NetworkSettings,
  baseUrl: string,
): string | undefined {
  const proxy = network.proxy;
  const origin = new URL(baseUrl).origin;
  if (proxy && status === 407)
    return `the proxy ${proxy.server} (from ${proxy.setting}) asks for credentials (407): put user:password@ in ${proxy.setting}`;
  if (/json/i.test(contentType) || status < 400) return undefined;
  // Without a proxy, only a refusal (401, 403) is a gateway's; any other answer is the target's own.
  if (!proxy && status !== 401 && status !== 403) return undefined;
  const gateway = `a gateway in front of ${origin} refused the request (it may want a header of its own: EXTRA_HEADERS${Object.keys(network.extraHeaders).length ? ', which it did not accept' : ''})`;
  return proxy
    ? `the first request was answered ${status} (${contentType || 'no content type'}), not by the contract: either the proxy ${proxy.server} (from ${proxy.setting}) refused the connection to ${origin} (check ${proxy.setting} and NO_PROXY) or ${gateway}`
    : `the first request was answered ${status} (${contentType || 'no content type'}), not by the contract: ${gateway}`;
}
