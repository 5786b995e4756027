import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeUtf8Length, Utf8ChunkDecoder } from './utf8-chunk-decoder';

const encoder = new TextEncoder();

/** What `new TextDecoder()` gives for the same chunks, read as `readSSEJSON` used to read them. */
function textDecoderText(chunks: readonly Uint8Array[]): string {
  const decoder = new TextDecoder();
  let text = '';
  for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

function chunkDecoderText(chunks: readonly Uint8Array[]): string {
  const decoder = new Utf8ChunkDecoder();
  let text = '';
  for (const chunk of chunks) text += decoder.decode(chunk);
  return text + decoder.end();
}

/** `bytes` cut at the given offsets (sorted, deduplicated, empty chunks kept). */
function split(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const offset of offsets) {
    chunks.push(bytes.subarray(start, offset));
    start = offset;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}

// Bytes that exercise the decoder: ASCII (with line ends), every lead byte class, continuation
// bytes, and the bytes that are never valid (C0, C1, F5–FF).
const interestingByte = fc.oneof(
  fc.constantFrom(0x0a, 0x0d, 0x20, 0x41, 0x7f),
  fc.integer({ min: 0x80, max: 0xbf }),
  fc.constantFrom(0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff),
  fc.integer({ min: 0, max: 0xff }),
);

describe('Utf8ChunkDecoder', () => {
  it('keeps a multi-byte character whole when it is split at any byte boundary', () => {
    const text = 'a\u00e9b\u20acc\u{1f600}d\u0800\uffff\u{10ffff}';
    const bytes = encoder.encode(text);
    for (let first = 0; first <= bytes.length; first++) {
      for (let second = first; second <= bytes.length; second++) {
        const chunks = split(bytes, [first, second]);
        expect(chunkDecoderText(chunks)).toBe(text);
        expect(chunkDecoderText(chunks)).toBe(textDecoderText(chunks));
      }
    }
  });

  it('reads one byte at a time', () => {
    const text = '\u00e9\u20ac\u{1f600}x';
    const bytes = encoder.encode(text);
    expect(chunkDecoderText(split(bytes, [...bytes.keys()]))).toBe(text);
  });

  it('drops a byte order mark at the start of the stream only, even split across chunks', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xef, 0xbb, 0xbf, 0x42]);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const chunks = split(bytes, [cut]);
      expect(chunkDecoderText(chunks)).toBe('A\ufeffB');
      expect(chunkDecoderText(chunks)).toBe(textDecoderText(chunks));
    }
    expect(chunkDecoderText([new Uint8Array(0), new Uint8Array([0xef, 0xbb, 0xbf])])).toBe('');
  });

  it('keeps a U+FEFF that follows another character, even an invalid one', () => {
    const chunks = [new Uint8Array([0xff]), new Uint8Array([0xef, 0xbb, 0xbf, 0x41])];
    expect(chunkDecoderText(chunks)).toBe('\ufffd\ufeffA');
    expect(chunkDecoderText(chunks)).toBe(textDecoderText(chunks));
  });

  it('replaces invalid bytes as TextDecoder does, split or not', () => {
    const samples = [
      [0xe0, 0x80, 0x41], // overlong: E0 wants A0–BF next
      [0xed, 0xa0, 0x80], // a surrogate
      [0xf0, 0x80, 0x80, 0x80],
      [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
      [0xf0, 0x9f, 0x98, 0x41], // truncated, then ASCII
      [0xc0, 0xaf, 0xf5, 0xff, 0x80],
      [0xe2, 0x82], // truncated at the end of the stream
      [0xf0, 0x9f, 0x98],
    ];
    for (const sample of samples) {
      const bytes = new Uint8Array(sample);
      for (let cut = 0; cut <= bytes.length; cut++) {
        const chunks = split(bytes, [cut]);
        expect(chunkDecoderText(chunks)).toBe(textDecoderText(chunks));
      }
    }
    expect(chunkDecoderText([new Uint8Array([0xe2, 0x82])])).toBe('\ufffd');
  });

  it('gives the same text as TextDecoder for any bytes split anywhere', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(interestingByte, { maxLength: 64 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (byteOrderMark, values, cuts) => {
          const chunks = split(new Uint8Array(byteOrderMark ? [0xef, 0xbb, 0xbf, ...values] : values), cuts);
          expect(chunkDecoderText(chunks)).toBe(textDecoderText(chunks));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('gives the same text as TextDecoder for valid text split anywhere', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (text, cuts) => {
          const chunks = split(encoder.encode(text), cuts);
          expect(chunkDecoderText(chunks)).toBe(textDecoderText(chunks));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('decodes chunks that are views into a larger buffer', () => {
    const backing = encoder.encode('xx\u20acyy');
    const view = backing.subarray(2, 5);
    expect(chunkDecoderText([view])).toBe('\u20ac');
  });

  it('counts the complete bytes of a chunk', () => {
    expect(completeUtf8Length(new Uint8Array([0x41, 0xe2, 0x82]))).toBe(1);
    expect(completeUtf8Length(new Uint8Array([0x41, 0xe0, 0x80]))).toBe(3);
    expect(completeUtf8Length(new Uint8Array([0xf0, 0x9f, 0x98]))).toBe(0);
    expect(completeUtf8Length(new Uint8Array([0xf0, 0x9f, 0x98, 0x80]))).toBe(4);
    expect(completeUtf8Length(new Uint8Array([0x80, 0x80, 0x80]))).toBe(3);
  });
});
