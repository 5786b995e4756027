import { readFileSync } from 'node:fs';
import type { ChatRequest, ToolResult } from '@interlingua/core';
import { json, type ProviderServer, startProviderServer, strictGeminiReplies } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createGemini } from './create-gemini';
import { decodeGeminiRequest } from './decode-gemini-request';
import { encodeGeminiRequest } from './encode-gemini-request';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const result: ToolResult = {
  type: 'tool-result',
  toolCallId: 'call_1',
  toolName: 'get_radar',
  content: [
    { type: 'text', text: 'Radar for Paris' },
    { type: 'image', source: { type: 'base64', data: png }, mediaType: 'image/png' },
    { type: 'file', source: { type: 'url', url: 'gs://bucket/report.pdf' }, mediaType: 'application/pdf' },
    // Not among the types Gemini 3 takes inside a function response: it goes beside it.
    { type: 'image', source: { type: 'base64', data: 'R0lGODlh' }, mediaType: 'image/gif' },
  ],
  isError: false,
};
const request: ChatRequest = {
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Radar?' }] },
    { role: 'assistant', content: [{ type: 'tool-call', id: 'call_1', name: 'get_radar', args: {} }] },
    { role: 'tool', content: [result] },
  ],
};

const inside = [
  {
    functionResponse: {
      name: 'get_radar',
      response: { output: 'Radar for Paris' },
      parts: [
        { inlineData: { mimeType: 'image/png', data: png } },
        { fileData: { mimeType: 'application/pdf', fileUri: 'gs://bucket/report.pdf' } },
      ],
    },
  },
  { inlineData: { mimeType: 'image/gif', data: 'R0lGODlh' } },
];
const beside = [
  { functionResponse: { name: 'get_radar', response: { output: 'Radar for Paris' } } },
  { inlineData: { mimeType: 'image/png', data: png } },
  { fileData: { mimeType: 'application/pdf', fileUri: 'gs://bucket/report.pdf' } },
  { inlineData: { mimeType: 'image/gif', data: 'R0lGODlh' } },
];

describe('media in tool results: inside functionResponse.parts for Gemini 3, beside it for 2.x', () => {
  it('Gemini 3 model ids get multimodal function responses; Gemini 2.5 keeps separate parts', () => {
    expect(encodeGeminiRequest(request, { model: 'gemini-3-pro-preview' }).value.contents[2]?.parts).toEqual(inside);
    expect(encodeGeminiRequest(request, { model: 'models/gemini-3-flash-preview' }).value.contents[2]?.parts).toEqual(
      inside,
    );
    expect(encodeGeminiRequest(request, { model: 'gemini-2.5-flash' }).value.contents[2]?.parts).toEqual(beside);
  });

  it('functionResponseParts overrides the model-id default both ways', () => {
    const off = encodeGeminiRequest(request, { model: 'gemini-3-pro-preview', functionResponseParts: false });
    expect(off.value.contents[2]?.parts).toEqual(beside);
    const on = encodeGeminiRequest(request, { model: 'my-tuned-model', functionResponseParts: true });
    expect(on.value.contents[2]?.parts).toEqual(inside);
  });

  it("decodes the function-calling guide's multimodal function response, and encodes it back for Gemini 3", () => {
    const body = fixture('requests/gemini-3-multimodal-function-response.1.json');
    const { value } = decodeGeminiRequest(body);
    const tool = value.request.messages[2];
    expect(tool?.role).toBe('tool');
    expect(tool?.role === 'tool' ? tool.content[0]?.content : undefined).toEqual([
      { type: 'text', text: '{"image_ref":{"$ref":"wakeupcat.jpg"}}' },
      {
        type: 'image',
        source: { type: 'url', url: 'gs://cloud-samples-data/vision/label/wakeupcat.jpg' },
        mediaType: 'image/jpeg',
      },
    ]);
    const again = encodeGeminiRequest(value.request, { model: 'gemini-3-flash-preview' }).value;
    expect(again.contents[2]?.parts[0]?.functionResponse?.parts).toEqual([
      { fileData: { mimeType: 'image/jpeg', fileUri: 'gs://cloud-samples-data/vision/label/wakeupcat.jpg' } },
    ]);
    expect(again.contents[2]?.parts).toHaveLength(1);
  });
});

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('through @google/generative-ai against a local Gemini server', () => {
  it.each([
    ['gemini-3-pro-preview', inside],
    ['gemini-2.5-flash', beside],
  ])('%s: the SDK sends the media where the model reads them', async (model, expected) => {
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: `/v1beta/models/${model}:generateContent`,
          reply: strictGeminiReplies([json(fixture('gemini-text.1.json'))], {
            requireThoughtSignatures: model.startsWith('gemini-3'),
          }),
        },
      ],
    });
    const response = await createGemini({ baseUrl: server.url, apiKey: 'k', maxRetries: 0 })(model).generate(request);
    expect(response.finishReason).toBe('stop');
    const body = server.requests[0]?.body as { contents: { parts: unknown[] }[] };
    expect(body.contents[2]?.parts).toEqual(expected);
  });

  it('createGemini({ functionResponseParts }) decides per model id', async () => {
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: '/v1beta/models/gemini-2.5-pro:generateContent',
          reply: json(fixture('gemini-text.1.json')),
        },
      ],
    });
    const gemini = createGemini({
      baseUrl: server.url,
      apiKey: 'k',
      maxRetries: 0,
      functionResponseParts: (id) => (id === 'gemini-2.5-pro' ? true : undefined),
    });
    await gemini('gemini-2.5-pro').generate(request);
    const body = server.requests[0]?.body as { contents: { parts: unknown[] }[] };
    expect(body.contents[2]?.parts).toEqual(inside);
  });
});
