import type { ChatModel } from '@interlingua/core';

/**
 * A model whose API key is read on its first call: `probe` (built without a key, never called)
 * answers `provider`, `modelId` and `capabilities` at once, so the model can be built and
 * inspected before the key is set; the first `generate` or `stream` calls `build`, which reads the
 * key and throws an `InvalidSettingError` naming the variable while it is still missing.
 */
export function readKeyOnFirstCall(probe: ChatModel, build: () => ChatModel): ChatModel {
  let built: ChatModel | undefined;
  const model = () => {
    built ??= build();
    return built;
  };
  return {
    provider: probe.provider,
    modelId: probe.modelId,
    capabilities: probe.capabilities,
    generate: (request, options) => Promise.resolve().then(() => model().generate(request, options)),
    async *stream(request, options) {
      yield* model().stream(request, options);
    },
  };
}
