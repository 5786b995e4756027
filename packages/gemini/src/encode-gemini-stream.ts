import {
  type AssistantContentPart,
  type EncodeResponseOptions,
  InterlinguaError,
  type StreamEvent,
} from '@interlingua/core';
import { convertToGeminiGrounding } from './convert-gemini-hosted-parts';
import { convertToGeminiFinishReason } from './convert-to-gemini-finish-reason';
import { convertToGeminiPart } from './convert-to-gemini-part';
import { convertToGeminiUsage } from './convert-to-gemini-usage';
import type { GeminiPart, GeminiResponseBody } from './gemini-api';
import { readThoughtSignature } from './gemini-thought-signature';

/**
 * IR stream events → Gemini `streamGenerateContent` chunks (the gateway direction): one chunk
 * per text or thought delta, one per completed call (Gemini sends calls whole, so argument
 * fragments are not forwarded), and a last chunk with `finishReason`, `usageMetadata` and
 * `responseId`. An `error` event becomes a final `{ error: { code, message, status } }` chunk,
 * the shape Gemini uses for errors.
 *
 * @see https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
 */
export async function* encodeGeminiStream(
  events: AsyncIterable<StreamEvent>,
  options: EncodeResponseOptions = {},
): AsyncIterable<GeminiResponseBody | { error: { code: number; message: string; status: string } }> {
  let hasCalls = false;
  // Web searches go out in the finish chunk's groundingMetadata, as Gemini sends them.
  const searches: AssistantContentPart[] = [];
  const chunk = (part: GeminiPart): GeminiResponseBody => ({
    candidates: [{ content: { role: 'model', parts: [part] }, index: 0 }],
    ...(options.model === undefined ? {} : { modelVersion: options.model }),
  });
  for await (const event of events) {
    switch (event.type) {
      case 'text-delta':
      case 'reasoning-delta': {
        const part = event.type === 'text-delta' ? { text: event.text } : { text: event.text, thought: true };
        const signature = readThoughtSignature(event.providerMetadata);
        yield chunk(signature === undefined ? part : { ...part, thoughtSignature: signature });
        break;
      }
      case 'tool-call-start':
      case 'tool-call-delta':
        break;
      case 'tool-call-end': {
        hasCalls = true;
        const part = convertToGeminiPart(event.toolCall);
        if (part !== undefined) yield chunk(part);
        break;
      }
      case 'hosted-tool-call':
      case 'hosted-tool-result': {
        const hosted = event.type === 'hosted-tool-call' ? event.call : event.result;
        const part = convertToGeminiPart(hosted);
        if (part === undefined) searches.push(hosted);
        else yield chunk(part);
        break;
      }
      case 'finish': {
        const finishMessage = event.providerMetadata?.gemini?.finishMessage;
        const model = event.model ?? options.model;
        const grounding = convertToGeminiGrounding(searches);
        yield {
          candidates: [
            {
              finishReason: convertToGeminiFinishReason(event.finishReason, event.rawFinishReason, hasCalls),
              ...(typeof finishMessage === 'string' ? { finishMessage } : {}),
              ...(grounding === undefined ? {} : { groundingMetadata: grounding }),
              index: 0,
            },
          ],
          usageMetadata: convertToGeminiUsage(event.usage),
          ...(model === undefined ? {} : { modelVersion: model }),
          ...(event.id === undefined ? {} : { responseId: event.id }),
        };
        return;
      }
      case 'error': {
        const message = event.error instanceof Error ? event.error.message : String(event.error);
        const code =
          InterlinguaError.isInstance(event.error) && 'statusCode' in event.error
            ? Number(event.error.statusCode ?? 500)
            : 500;
        yield { error: { code, message, status: code === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' } };
        return;
      }
      default: {
        const exhaustive: never = event;
        throw new Error(`Unknown stream event ${JSON.stringify(exhaustive)}`);
      }
    }
  }
}
