import type { Codec } from '@interlingua/core';
import type { AcmeRequest, AcmeResponse, AcmeStreamEvent } from './acme-api';
import { decodeAcmeRequest } from './decode-acme-request';
import { decodeAcmeResponse } from './decode-acme-response';
import { decodeAcmeStream } from './decode-acme-stream';
import { encodeAcmeRequest } from './encode-acme-request';
import { encodeAcmeResponse, encodeAcmeStream } from './encode-acme-response';

/**
 * The Acme Chat codec: six pure functions between the IR and Acme's wire format.
 *
 * @example
 * const { value: body } = acmeCodec.encodeRequest({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }, { model: 'acme-large' });
 */
export const acmeCodec: Codec<AcmeRequest, AcmeResponse, AcmeStreamEvent> = {
  provider: 'acme',
  encodeRequest: encodeAcmeRequest,
  decodeResponse: decodeAcmeResponse,
  decodeStream: decodeAcmeStream,
  decodeRequest: decodeAcmeRequest,
  encodeResponse: encodeAcmeResponse,
  encodeStream: encodeAcmeStream,
};
