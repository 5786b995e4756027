/**
 * How deeply JSON values may nest, everywhere in Interlingua: a scalar is depth 0, `[]` and
 * `{}` are depth 1, `{ "a": [1] }` is depth 2. Decoders reject a body, a tool's arguments or
 * any other JSON value nested deeper with a typed error naming its path, so that nothing
 * downstream (a serializer, a schema converter, a hash) can overflow the stack. Real payloads
 * nest a few dozen levels; 1,000 leaves room for any honest schema or argument object while
 * staying far below what `JSON.stringify` survives (about 4,000 levels in Node.js).
 *
 * @see docs/decoder-guarantees.md
 */
export const MAX_JSON_DEPTH = 1000;
