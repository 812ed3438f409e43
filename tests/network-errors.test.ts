/**
 * The plain messages of network failures (helpers/run/network-errors.ts) for errors whose wording depends on the
 * OpenSSL build and on where the key was loaded: a client key that cannot be decrypted names the settings.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { explainNetworkError } from '../helpers/run/network-errors';
import type { NetworkSettings } from '../helpers/run/network';

const pem: NetworkSettings = {
  clientCertificate: { kind: 'pem', certPath: 'c.pem', keyPath: 'k.pem', passphrase: 'x' },
  extraHeaders: {},
  insecure: false,
};

void test('a client key that cannot be decrypted names the certificate settings, whichever OpenSSL wording', () => {
  for (const message of [
    'apiRequestContext.get: error:1C800064:Provider routines::bad decrypt',
    'apiRequestContext.get: error:1E08010C:DECODER routines::unsupported',
    'apiRequestContext.get: error:0480006C:PEM routines::no start line',
  ])
    assert.equal(
      explainNetworkError(new Error(message), pem, 'https://staging.test:8443'),
      'the client certificate cannot be loaded: check CLIENT_CERT_FILE and CLIENT_KEY_FILE and CLIENT_CERT_PASSPHRASE',
      message,
    );
});

void test('without a client certificate configured, a decoder error is not blamed on one', () => {
  const message = explainNetworkError(
    new Error('error:1E08010C:DECODER routines::unsupported'),
    { extraHeaders: {}, insecure: false },
    'https://staging.test:8443',
  );
  assert.doesNotMatch(message, /client certificate/);
});
