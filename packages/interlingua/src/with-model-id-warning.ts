import type { ChatModel, StreamEvent, Warning } from '@interlingua/core';

/**
 * `model` with `warning` added to every answer (`ModelResponse.warnings`, and the `finish` event
 * of a stream): how `model()` says that an id looks like a typo of a known one, without refusing it.
 */
export function withModelIdWarning(model: ChatModel, warning: Warning): ChatModel {
  const wrapped: ChatModel = {
    provider: model.provider,
    modelId: model.modelId,
    capabilities: model.capabilities,
    async generate(request, options) {
      const response = await model.generate(request, options);
      return { ...response, warnings: [warning, ...response.warnings] };
    },
    async *stream(request, options): AsyncIterable<StreamEvent> {
      for await (const event of model.stream(request, options)) {
        yield event.type === 'finish' ? { ...event, warnings: [warning, ...(event.warnings ?? [])] } : event;
      }
    },
  };
  // Read through: withCapabilities' pricing can change after a fallback.
  if ('pricing' in model) Object.defineProperty(wrapped, 'pricing', { get: () => model.pricing, enumerable: true });
  return wrapped;
}
