import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from './provider-server';
import { verifySigV4 } from './verify-sigv4';

// AWS's own SigV4 test suite, case `get-vanilla`: the signature AWS publishes for these inputs.
const vanilla: RecordedRequest = {
  method: 'GET',
  url: '/',
  path: '/',
  query: new URLSearchParams(),
  headers: {
    host: 'example.amazonaws.com',
    'x-amz-date': '20150830T123600Z',
    authorization:
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
  },
  rawBody: '',
  body: undefined,
};
const expectation = {
  secrets: { AKIDEXAMPLE: { secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' } },
  region: 'us-east-1',
  service: 'service',
  now: new Date('2015-08-30T12:36:00Z'),
};

describe('verifySigV4', () => {
  it("accepts AWS's published get-vanilla signature", () => {
    expect(verifySigV4(vanilla, expectation)).toBeUndefined();
  });

  it('refuses what AWS refuses: another body, path, secret or header value, an unsigned host, an old date', () => {
    const mismatch = { status: 403, type: 'InvalidSignatureException' };
    expect(verifySigV4({ ...vanilla, rawBody: 'x' }, expectation)).toMatchObject(mismatch);
    expect(verifySigV4({ ...vanilla, url: '/a' }, expectation)).toMatchObject(mismatch);
    expect(
      verifySigV4(vanilla, { ...expectation, secrets: { AKIDEXAMPLE: { secretAccessKey: 'other' } } }),
    ).toMatchObject(mismatch);
    expect(
      verifySigV4({ ...vanilla, headers: { ...vanilla.headers, host: 'example.amazonaws.com:8443' } }, expectation),
    ).toMatchObject(mismatch);
    const unsignedHost = String(vanilla.headers.authorization).replace('host;x-amz-date', 'x-amz-date');
    expect(
      verifySigV4({ ...vanilla, headers: { ...vanilla.headers, authorization: unsignedHost } }, expectation),
    ).toMatchObject({ ...mismatch, message: expect.stringContaining("'Host'") });
    expect(verifySigV4(vanilla, { ...expectation, now: new Date('2015-08-30T12:42:00Z') })).toMatchObject({
      ...mismatch,
      message: expect.stringContaining('Signature expired'),
    });
    expect(verifySigV4(vanilla, { ...expectation, region: 'eu-west-1' })).toMatchObject(mismatch);
    expect(verifySigV4(vanilla, { ...expectation, secrets: {} })).toMatchObject({
      status: 403,
      type: 'UnrecognizedClientException',
    });
    expect(
      verifySigV4(
        { ...vanilla, headers: { ...vanilla.headers, authorization: 'AWS4-HMAC-SHA256 nonsense' } },
        expectation,
      ),
    ).toMatchObject({ status: 400, type: 'IncompleteSignatureException' });
  });
});
