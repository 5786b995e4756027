import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { APICallError, collectStream, InvalidResponseError, type StreamEvent } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeOpenAIResponsesResponse } from './decode-openai-responses-response';
import { decodeOpenAIResponsesStream } from './decode-openai-responses-stream';

const chunks = (name: string): unknown[] =>
  readFileSync(fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url)), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

async function* from(items: readonly unknown[]): AsyncIterable<unknown> {
  yield* items;
}
async function decode(items: readonly unknown[]): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of decodeOpenAIResponsesStream(from(items))) out.push(event);
  return out;
}

const created = {
  type: 'response.created',
  sequence_number: 0,
  response: { id: 'resp_1', model: 'gpt-5', output: [] },
};
const completed = (output: unknown[], seq: number) => ({
  type: 'response.completed',
  sequence_number: seq,
  response: {
    id: 'resp_1',
    model: 'gpt-5',
    status: 'completed',
    output,
    usage: {
      input_tokens: 5,
      output_tokens: 7,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 4 },
    },
  },
});

describe('decodeOpenAIResponsesStream', () => {
  it('reads the live error event (nested) and stops at it, keeping the code and retry flag', async () => {
    const events = await decode(chunks('openai-responses-failed.1.chunks.txt'));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.type).toBe('error');
    const error = event?.type === 'error' ? event.error : undefined;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ providerErrorType: 'rate_limit_exceeded', isRetryable: true });
    expect((error as Error).message).toMatch(/^Rate limit reached for gpt-4.1/);
  });

  it('reads the documented error event (flat) and response.failed alone', async () => {
    const flat = await decode([
      created,
      { type: 'error', sequence_number: 1, code: 'server_error', message: 'Boom', param: null },
    ]);
    expect(flat.at(-1)).toMatchObject({ type: 'error', error: { providerErrorType: 'server_error', message: 'Boom' } });
    const failed = await decode([
      created,
      {
        type: 'response.failed',
        sequence_number: 1,
        response: {
          id: 'resp_1',
          status: 'failed',
          output: [],
          error: { code: 'invalid_prompt', message: 'Bad prompt' },
        },
      },
    ]);
    expect(failed.at(-1)).toMatchObject({
      type: 'error',
      error: { providerErrorType: 'invalid_prompt', isRetryable: false },
    });
    // The same failure as a body is thrown, so generate and collectStream(stream) agree.
    expect(() =>
      decodeOpenAIResponsesResponse({
        status: 'failed',
        output: [],
        error: { code: 'invalid_prompt', message: 'Bad prompt' },
      }),
    ).toThrow(APICallError);
  });

  it('ends a cut-off stream, an unreadable event and a throwing source in an error event', async () => {
    const cut = await decode(chunks('openai-responses-stream-cut-off.1.chunks.txt'));
    expect(cut.filter((event) => event.type === 'text-delta').map((event) => (event as { text: string }).text)).toEqual(
      ['Once', ' upon', ' a time'],
    );
    expect(cut.at(-1)).toMatchObject({ type: 'error' });
    expect(InvalidResponseError.isInstance((cut.at(-1) as { error: unknown }).error)).toBe(true);

    const unreadable = await decode([created, { type: 'response.output_text.delta', output_index: 'zero', delta: 1 }]);
    expect(unreadable.at(-1)).toMatchObject({ type: 'error' });
    expect(String((unreadable.at(-1) as { error: Error }).error.message)).toMatch(
      /response\.output_text\.delta\.output_index/,
    );

    const orphan = await decode([
      created,
      { type: 'response.function_call_arguments.delta', output_index: 3, delta: '{' },
    ]);
    expect(String((orphan.at(-1) as { error: Error }).error.message)).toMatch(/output_index 3/);

    const failing = (async function* () {
      yield created;
      throw new Error('socket hang up');
    })();
    const thrown: StreamEvent[] = [];
    for await (const event of decodeOpenAIResponsesStream(failing)) thrown.push(event);
    expect(thrown).toEqual([{ type: 'error', error: new Error('socket hang up') }]);
  });

  it('keeps two reasoning items apart and takes text sent only whole, folding like the body', async () => {
    const first = {
      id: 'rs_a',
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: 'First' }],
      encrypted_content: 'gAAAA-a',
    };
    const second = {
      id: 'rs_b',
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: 'Second' }],
      encrypted_content: 'gAAAA-b',
    };
    const message = {
      id: 'msg_1',
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'Done.', annotations: [] }],
    };
    const call = {
      id: 'fc_1',
      type: 'function_call',
      status: 'completed',
      call_id: 'call_1',
      name: 'f',
      arguments: '{"a":1}',
    };
    const output = [first, second, message, call];
    // A server that sends every item whole: no deltas at all.
    const stream = [
      created,
      ...output.map((item, index) => ({
        type: 'response.output_item.done',
        sequence_number: index + 1,
        output_index: index,
        item,
      })),
      completed(output, 9),
    ];
    const folded = await collectStream(decodeOpenAIResponsesStream(from(stream)));
    const body = decodeOpenAIResponsesResponse(completed(output, 9).response);
    expect(folded).toEqual(body);
    expect(body.message.content).toEqual([
      {
        type: 'reasoning',
        text: 'First',
        providerMetadata: { openai: { itemId: 'rs_a', encryptedContent: 'gAAAA-a' } },
      },
      { type: 'text', text: '' },
      {
        type: 'reasoning',
        text: 'Second',
        providerMetadata: { openai: { itemId: 'rs_b', encryptedContent: 'gAAAA-b' } },
      },
      { type: 'text', text: 'Done.' },
      { type: 'tool-call', id: 'call_1', name: 'f', args: { a: 1 } },
    ]);
    expect(body.finishReason).toBe('tool_calls');
  });
});
