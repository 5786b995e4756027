import { cannedByteStream } from './canned-fetch';

/**
 * The stream lower bound: read the same canned bytes, decode UTF-8, split into SSE events at
 * blank lines (`separator`: `\r\n\r\n` for Gemini) and `JSON.parse` every `data:` line — what any client must do at the least.
 * Returns the number of events parsed.
 */
export async function rawSSELoop(chunks: readonly Uint8Array[], separator = '\n\n'): Promise<number> {
  const reader = cannedByteStream(chunks).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let count = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf(separator);
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + separator.length);
      for (const line of block.split('\n')) {
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data !== '[DONE]') {
          JSON.parse(data);
          count++;
        }
      }
      end = buffer.indexOf(separator);
    }
  }
  return count;
}

/**
 * The lower bound for an AWS event stream: read the same canned frames, take each message's
 * payload by its prelude's lengths (no CRC check, no header parse) and `JSON.parse` it.
 */
export async function rawEventStreamLoop(chunks: readonly Uint8Array[]): Promise<number> {
  const reader = cannedByteStream(chunks).getReader();
  const decoder = new TextDecoder();
  let count = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let offset = 0;
    while (offset + 12 <= value.length) {
      const view = new DataView(value.buffer, value.byteOffset + offset);
      const total = view.getUint32(0);
      const headers = view.getUint32(4);
      JSON.parse(decoder.decode(value.subarray(offset + 12 + headers, offset + total - 4)));
      count++;
      offset += total;
    }
  }
  return count;
}
