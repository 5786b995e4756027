import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { createTokenTally } from '../limits/token-tally';
import { createNodeListener } from './create-node-listener';
import type { GatewayRequest } from './gateway-exchange';

// Objects made per request carry no getters of their own. Each evaluation of an object literal
// with getters makes an `AccessorPair` in V8's old generation (and a dictionary of properties);
// until a full GC that dead pair keeps its closures' whole request alive through scavenges
// (issue 33: every request's objects were promoted, 3 KB on a 404 alone). Prototype getters, on a
// class, cost neither. V8's own test of an object's properties being in fast mode:
setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('a', 'return %HasFastProperties(a)') as (a: object) => boolean;
const ownGetters = (value: object) =>
  Object.entries(Object.getOwnPropertyDescriptors(value))
    .filter(([, descriptor]) => descriptor.get !== undefined)
    .map(([key]) => key);

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpRequest(url, (response) => {
      response.resume().on('end', () => resolve(response.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

describe('per-request objects: no getters of their own, properties in fast mode', () => {
  it('the requests the Node listener hands the app', async () => {
    const seen: GatewayRequest[] = [];
    const bodies: string[] = [];
    server = createServer(
      createNodeListener(
        async (request) => {
          seen.push(request);
          // A spread copy (a route handing another a changed path) still reads the body.
          const copy = { ...request, path: '/elsewhere' };
          bodies.push((await copy.readBody()).toString());
          return { status: 204, headers: {} };
        },
        { maxBodyBytes: 1024, onComplete: () => {} },
      ),
    );
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(await get(`${base}/v1/models?limit=2`)).toBe(204);
    expect(await get(`${base}/v1/models`)).toBe(204);
    const [first, second] = seen as [GatewayRequest, GatewayRequest];
    for (const request of [first, second]) {
      expect(ownGetters(request)).toEqual([]);
      expect(hasFastProperties(request)).toBe(true);
    }
    // What the shape must still give: the query, and the signal made when read.
    expect(first.query.get('limit')).toBe('2');
    expect(second.query.size).toBe(0);
    expect(first.signal.aborted).toBe(false);
    expect(first.clientGone.happened).toBe(false);
    expect(bodies).toEqual(['', '']);
  });

  it('the token tally', () => {
    const one = createTokenTally();
    const two = createTokenTally();
    one.add('four');
    two.add('漢字');
    two.addMedia();
    expect(ownGetters(one)).toEqual([]);
    expect(hasFastProperties(one)).toBe(true);
    expect([one.tokens, two.tokens]).toEqual([1, 1002]);
  });

  it('the checks tell a literal with a getter apart', () => {
    const literal = {
      data: 1,
      get value() {
        return 1;
      },
    };
    expect(ownGetters(literal)).toEqual(['value']);
    expect(hasFastProperties(literal)).toBe(false);
    expect(hasFastProperties({ data: 1, value: 1 })).toBe(true);
  });
});
