/**
 * Real network paths for the network tests: certificates made with the openssl command line (a private CA,
 * a server certificate, a client certificate whose key is encrypted), an HTTPS gateway in front of the
 * reference's HTTP listener (optionally requiring a client certificate or a header of its own), and an
 * HTTP CONNECT proxy (optionally asking for credentials or refusing) that logs what went through it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import type tls from 'node:tls';
import { endToEndHeaders } from '../scripts/hop-by-hop';

const OPENSSL = fs.existsSync('/usr/bin/openssl') ? '/usr/bin/openssl' : 'openssl';

export interface Certificates {
  dir: string;
  caFile: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  /** Encrypted with `clientPassphrase`. */
  clientKey: string;
  clientPassphrase: string;
  /** A CA the target does not know, and a client certificate it signed. */
  otherCaFile: string;
}

function openssl(dir: string, args: string[]): void {
  execFileSync(OPENSSL, args, { cwd: dir, stdio: 'pipe' });
}

/** `<name>.pem` from the request `<name>.csr`, signed by the CA for two days with the extensions of `<name>.ext`. */
function signWithCa(dir: string, name: 'server' | 'client'): void {
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    `${name}.pem`,
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
  ]);
}

/** A private CA and certificates it signed: the server's for `hosts` (DNS names and IPs), a client's. */
export function makeCertificates(dir: string, hosts: string[], clientPassphrase: string): Certificates {
  fs.mkdirSync(dir, { recursive: true });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];
  for (const ca of ['ca', 'other-ca']) {
    openssl(dir, [
      'req',
      '-x509',
      ...ec,
      '-nodes',
      '-keyout',
      `${ca}.key`,
      '-out',
      `${ca}.pem`,
      '-days',
      '2',
      '-subj',
      `/CN=Conformance test ${ca}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
  }
  const san = hosts.map((h) => (net.isIP(h) ? `IP:${h}` : `DNS:${h}`)).join(',');
  fs.writeFileSync(path.join(dir, 'server.ext'), `subjectAltName=${san}\nextendedKeyUsage=serverAuth\n`);
  fs.writeFileSync(path.join(dir, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
  openssl(dir, [
    'req',
    ...ec,
    '-nodes',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
    '-subj',
    `/CN=${hosts[0]}`,
  ]);
  signWithCa(dir, 'server');
  openssl(dir, [
    'genpkey',
    '-algorithm',
    'EC',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-aes-256-cbc',
    '-pass',
    `pass:${clientPassphrase}`,
    '-out',
    'client.key',
  ]);
  openssl(dir, [
    'req',
    '-new',
    '-key',
    'client.key',
    '-passin',
    `pass:${clientPassphrase}`,
    '-out',
    'client.csr',
    '-subj',
    '/CN=ci-runner',
  ]);
  signWithCa(dir, 'client');
  const at = (f: string) => path.join(dir, f);
  return {
    dir,
    caFile: at('ca.pem'),
    serverCert: at('server.pem'),
    serverKey: at('server.key'),
    clientCert: at('client.pem'),
    clientKey: at('client.key'),
    clientPassphrase,
    otherCaFile: at('other-ca.pem'),
  };
}

export interface GatewayRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The port the request came from (a proxy tunnel's, when it came through one). */
  remotePort: number;
  /** The server name the client sent in the TLS handshake (SNI); false when it sent none. */
  servername: string | false | null;
}

export interface Listening {
  port: number;
  close: () => Promise<void>;
}

function closer(server: net.Server): () => Promise<void> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

async function listen(server: net.Server): Promise<Listening> {
  const close = closer(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, close };
}

/**
 * An HTTPS gateway in front of `upstreamPort` (plain HTTP on 127.0.0.1): TLS with the server certificate,
 * a client certificate signed by the CA required when `requireClientCert`, a header of its own required
 * when `requireHeader` is given (403 otherwise). Every request is logged, with the SNI it came with.
 */
export async function startGateway(
  certs: Certificates,
  upstreamPort: number,
  options: { requireClientCert?: boolean; requireHeader?: [string, string] } = {},
): Promise<Listening & { log: GatewayRequest[] }> {
  const log: GatewayRequest[] = [];
  const server = https.createServer(
    {
      cert: fs.readFileSync(certs.serverCert),
      key: fs.readFileSync(certs.serverKey),
      ...(options.requireClientCert
        ? { requestCert: true, rejectUnauthorized: true, ca: fs.readFileSync(certs.caFile) }
        : {}),
    },
    (req, res) => {
      log.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        remotePort: req.socket.remotePort!,
        servername: (req.socket as tls.TLSSocket).servername,
      });
      const required = options.requireHeader;
      if (required && req.headers[required[0].toLowerCase()] !== required[1]) {
        res.writeHead(403, { 'content-type': 'text/plain' });
        res.end('gateway: request refused\n');
        return;
      }
      const upstream = http.request(
        { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode!, endToEndHeaders(answer.headers));
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    },
  );
  return { ...(await listen(server)), log };
}

export interface ProxyLog {
  /** `CONNECT host:port` per tunnel, and any other request line. */
  lines: string[];
  /** The local port of each tunnel's connection to the target (what the gateway sees as remote port). */
  tunnelPorts: Set<number>;
}

/**
 * An HTTP CONNECT proxy on 127.0.0.1 that resolves every host name it is asked for to 127.0.0.1 (as a
 * corporate proxy resolves names the runner cannot). `credentials`: answers 407 without them; `refuse`:
 * answers 403 to every CONNECT.
 */
export async function startConnectProxy(
  options: { credentials?: [string, string]; refuse?: boolean } = {},
): Promise<Listening & { log: ProxyLog }> {
  const log: ProxyLog = { lines: [], tunnelPorts: new Set() };
  const server = http.createServer((req, res) => {
    log.lines.push(`${req.method} ${req.url}`);
    res.writeHead(405, { 'content-type': 'text/plain' });
    res.end('this proxy only tunnels (CONNECT)\n');
  });
  server.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    log.lines.push(`CONNECT ${req.url}`);
    socket.on('error', () => socket.destroy());
    const refuse = (status: string, extra = '') =>
      socket.end(
        `HTTP/1.1 ${status}\r\ncontent-type: text/plain\r\n${extra}content-length: 7\r\n\r\ndenied\n`,
      );
    if (options.refuse) return refuse('403 Forbidden');
    if (options.credentials) {
      const expected = `Basic ${Buffer.from(options.credentials.join(':')).toString('base64')}`;
      if (req.headers['proxy-authorization'] !== expected)
        return refuse('407 Proxy Authentication Required', 'proxy-authenticate: Basic realm="test"\r\n');
    }
    const port = Number(req.url!.split(':').pop());
    const upstream = net.connect(port, '127.0.0.1', () => {
      log.tunnelPorts.add(upstream.localPort!);
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
  });
  return { ...(await listen(server)), log };
}
