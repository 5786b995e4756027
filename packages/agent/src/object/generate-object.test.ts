import { type ChatRequest, InvalidSettingError, type StreamEvent } from '@interlingua/core';
import { scriptedModel, textResponse } from '@interlingua/testkit';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { generateObject } from './generate-object';
import { NoObjectGeneratedError } from './no-object-generated-error';
import { streamObject } from './stream-object';

const weather = z.object({ city: z.string(), temperatureC: z.number() });
const weatherJson = {
  type: 'object',
  properties: { city: { type: 'string' }, temperatureC: { type: 'number' } },
  required: ['city', 'temperatureC'],
  additionalProperties: false,
};

describe('generateObject', () => {
  it('sends responseFormat with the JSON Schema of a zod 4 schema and returns the typed object', async () => {
    const model = scriptedModel([textResponse('{"city":"Paris","temperatureC":18}')]);
    const result = await generateObject({
      model,
      schema: weather,
      schemaName: 'weather',
      system: 'Be exact.',
      prompt: 'Weather in Paris?',
      settings: { reasoning: { effort: 'low' } },
    });
    expectTypeOf(result.object).toEqualTypeOf<{ city: string; temperatureC: number }>();
    expect(result.object).toEqual({ city: 'Paris', temperatureC: 18 });
    expect(result.attempts).toBe(1);
    expect(model.requests[0]).toEqual({
      system: 'Be exact.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }],
      reasoning: { effort: 'low' },
      responseFormat: { type: 'json', schema: weatherJson, name: 'weather' },
    } satisfies ChatRequest);
  });

  it('takes zod 3 and JSON Schema alike', async () => {
    const zod3 = await generateObject({
      model: scriptedModel([textResponse('{"city":"Rome","temperatureC":24}')]),
      schema: z3.object({ city: z3.string(), temperatureC: z3.number() }),
      prompt: 'Rome?',
    });
    expectTypeOf(zod3.object).toEqualTypeOf<{ city: string; temperatureC: number }>();
    expect(zod3.object).toEqual({ city: 'Rome', temperatureC: 24 });
    const json = await generateObject<typeof weatherJson, { city: string }>({
      model: scriptedModel([textResponse('{"city":"Oslo","temperatureC":3}')]),
      schema: weatherJson,
      prompt: 'Oslo?',
    });
    expectTypeOf(json.object).toEqualTypeOf<{ city: string }>();
    expect(json.object).toEqual({ city: 'Oslo', temperatureC: 3 });
  });

  it('repairs almost-JSON without a re-ask (a code fence, single quotes, a trailing comma)', async () => {
    const model = scriptedModel([textResponse("```json\n{'city': 'Paris', 'temperatureC': 18,}\n```")]);
    const result = await generateObject({ model, schema: weather, prompt: 'Paris?' });
    expect(result.object).toEqual({ city: 'Paris', temperatureC: 18 });
    expect(model.requests).toHaveLength(1);
  });

  it('re-asks once with what was wrong, then returns the valid answer (the repair round trip)', async () => {
    const model = scriptedModel([
      textResponse('{"city":"Paris","temperatureC":"warm"}', { usage: { inputTokens: 10, outputTokens: 5 } }),
      textResponse('{"city":"Paris","temperatureC":18}', { usage: { inputTokens: 30, outputTokens: 6 } }),
    ]);
    const result = await generateObject({ model, schema: weather, prompt: 'Paris?' });
    expect(result.object).toEqual({ city: 'Paris', temperatureC: 18 });
    expect(result.attempts).toBe(2);
    expect(result.usage).toEqual({ inputTokens: 40, outputTokens: 11 });
    const retry = model.requests[1];
    expect(retry?.messages.slice(1, 2)).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: '{"city":"Paris","temperatureC":"warm"}' }] },
    ]);
    const text = (retry?.messages[2]?.content[0] as { text?: string } | undefined)?.text ?? '';
    expect(text).toContain('object.temperatureC');
    expect(text).toContain(JSON.stringify(weatherJson));
  });

  it('throws NoObjectGeneratedError with the raw text and the issues after the last attempt', async () => {
    const model = scriptedModel([textResponse('no JSON here'), textResponse('still {nothing')]);
    const error = await generateObject({ model, schema: weather, prompt: 'Paris?' }).catch((caught: unknown) => caught);
    expect(NoObjectGeneratedError.isInstance(error)).toBe(true);
    const failure = error as NoObjectGeneratedError;
    expect(failure.code).toBe('NO_OBJECT_GENERATED');
    expect(failure.text).toBe('still {nothing');
    expect(failure.issues.length).toBeGreaterThan(0);
    expect(failure.message).toContain('after 2 attempts');
    expect(model.requests).toHaveLength(2);
  });

  it('maxRepairs: 0 never re-asks; bad settings are refused before any call', async () => {
    const model = scriptedModel([textResponse('{"city":1}')]);
    await expect(generateObject({ model, schema: weather, prompt: 'x', maxRepairs: 0 })).rejects.toThrow(
      /after 1 attempt/,
    );
    expect(model.requests).toHaveLength(1);
    await expect(generateObject({ model, schema: weather, prompt: 'x', maxRepairs: -1 })).rejects.toThrow(
      InvalidSettingError,
    );
    await expect(generateObject({ model, schema: weather })).rejects.toThrow(/prompt/);
  });
});

function streamed(pieces: string[]): { events: StreamEvent[] } {
  return {
    events: [
      ...pieces.map((text): StreamEvent => ({ type: 'text-delta', text })),
      { type: 'finish', finishReason: 'stop', rawFinishReason: 'stop', usage: { inputTokens: 5, outputTokens: 9 } },
    ],
  };
}

describe('streamObject', () => {
  it('yields partial objects as the JSON arrives and resolves the validated object', async () => {
    const schema = z.object({ city: z.string(), days: z.array(z.object({ day: z.string(), high: z.number() })) });
    const model = scriptedModel([
      streamed(['{"city":"Par', 'is","days":[{"day":"Mon","hi', 'gh":18},{"day":"Tu', 'e","high":20}]}']),
    ]);
    const { partialObjectStream, object } = streamObject({ model, schema, prompt: 'Forecast for Paris' });
    const partials: unknown[] = [];
    for await (const partial of partialObjectStream) partials.push(partial);
    expect(partials).toEqual([
      { city: 'Par' },
      { city: 'Paris', days: [{ day: 'Mon' }] },
      { city: 'Paris', days: [{ day: 'Mon', high: 18 }, { day: 'Tu' }] },
      {
        city: 'Paris',
        days: [
          { day: 'Mon', high: 18 },
          { day: 'Tue', high: 20 },
        ],
      },
    ]);
    expect(await object).toEqual({
      city: 'Paris',
      days: [
        { day: 'Mon', high: 18 },
        { day: 'Tue', high: 20 },
      ],
    });
    expect(model.calls[0]?.mode).toBe('stream');
  });

  it('re-asks an invalid streamed answer and rejects with NoObjectGeneratedError when it stays invalid', async () => {
    const fixed = scriptedModel([streamed(['{"city":"Paris"}']), streamed(['{"city":"Paris","temperatureC":18}'])]);
    const { result } = streamObject({ model: fixed, schema: weather, prompt: 'Paris?' });
    expect((await result).attempts).toBe(2);
    const broken = scriptedModel([streamed(['nope']), streamed(['nope again'])]);
    const { object, partialObjectStream } = streamObject({ model: broken, schema: weather, prompt: 'Paris?' });
    await expect(object).rejects.toSatisfy((error: unknown) => NoObjectGeneratedError.isInstance(error));
    const partials: unknown[] = [];
    for await (const partial of partialObjectStream) partials.push(partial);
    expect(partials).toEqual([]);
  });
});

describe('an answer cut off at the token limit', () => {
  it('is not completed by repair: it is re-asked, and the error says it was cut off', async () => {
    const cut = textResponse('{"city":"Paris","temperatureC":1', { finishReason: 'length', rawFinishReason: 'length' });
    const model = scriptedModel([cut, cut]);
    const error = await generateObject({ model, schema: weather, prompt: 'Paris?' }).catch((caught: unknown) => caught);
    expect((error as NoObjectGeneratedError).issues[0]).toBe('The answer was cut off at the output token limit.');
  });
});
