import type { AssistantContentPart, Warning } from '@interlingua/core';
import { renderHostedToolPart, warnForeignMetadata } from '@interlingua/core/adapter';
import type { BedrockContentBlock } from './bedrock-api';
import { readCachePoint } from './bedrock-cache-point';
import { convertToBedrockToolInput, convertToBedrockToolUseId } from './bedrock-tool-use';

/**
 * Converts the parts of an IR assistant turn to Converse blocks, for a request's history or a
 * response body. Text goes as `text` (empty text is left out), calls as `toolUse` (unparseable
 * arguments as `{ "_unparsed_arguments": "<raw text>" }`, ids the API would reject rewritten by
 * `convertToBedrockToolUseId`, each with a warning), reasoning as `reasoningContent`: `reasoningText`
 * with its `signature`, or `redactedContent`. Reasoning without a signature cannot be verified
 * by the models that check it (Claude): with `requireSignature` it is dropped with a warning.
 * Another provider's `providerMetadata` on a part is not sent, with a warning.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-call.html
 */
export function convertToBedrockAssistantContent(
  parts: readonly AssistantContentPart[],
  options: { requireSignature: boolean; warnings: Warning[] },
): BedrockContentBlock[] {
  const blocks: BedrockContentBlock[] = [];
  for (const part of parts) {
    if (part.type === 'hosted-tool-call' || part.type === 'hosted-tool-result') {
      // Converse has no provider-run tools: the readable form goes as text, with a warning.
      options.warnings.push({
        type: 'degraded',
        feature: part.type,
        message: `A ${part.kind} ${part.type === 'hosted-tool-call' ? 'call' : 'result'} run by another provider was sent as text: Bedrock Converse has no provider-run tools.`,
      });
      blocks.push({ text: renderHostedToolPart(part) });
      continue;
    }
    warnForeignMetadata(part, { provider: 'bedrock', format: 'Bedrock', at: part.type }, options.warnings);
    switch (part.type) {
      case 'text':
        if (part.text !== '') blocks.push({ text: part.text });
        break;
      case 'reasoning':
        if (part.redacted !== undefined) blocks.push({ reasoningContent: { redactedContent: part.redacted } });
        else if (part.signature !== undefined)
          blocks.push({ reasoningContent: { reasoningText: { text: part.text, signature: part.signature } } });
        else if (options.requireSignature)
          options.warnings.push({
            type: 'unsupported',
            feature: 'reasoning',
            message:
              'Dropped a reasoning part without a signature: models on Bedrock that replay reasoning verify its signature.',
          });
        else blocks.push({ reasoningContent: { reasoningText: { text: part.text } } });
        break;
      case 'tool-call': {
        if (part.argsText !== undefined)
          options.warnings.push({
            type: 'degraded',
            feature: 'tool-call.argsText',
            message: `Bedrock requires toolUse input to be an object; the unparseable arguments of call "${part.id}" were sent as {"_unparsed_arguments": <raw text>}.`,
          });
        const id = convertToBedrockToolUseId(part.id);
        if (id !== part.id)
          options.warnings.push({
            type: 'degraded',
            feature: 'tool-call.id',
            message: `Bedrock toolUseIds allow only letters, digits, _ and - (at most 64); call "${part.id}" (and its result) was sent as "${id}".`,
          });
        blocks.push({ toolUse: { toolUseId: id, name: part.name, input: convertToBedrockToolInput(part) } });
        break;
      }
      default: {
        const exhaustive: never = part;
        throw new Error(`Unknown assistant part ${JSON.stringify(exhaustive)}`);
      }
    }
    const cachePoint = readCachePoint(part);
    if (cachePoint !== undefined) blocks.push({ cachePoint });
  }
  return blocks;
}
