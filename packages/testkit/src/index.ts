export { arbitraryArgs, arbitraryChatRequest, arbitraryModelResponse, arbitraryText } from './arbitraries';
export { type AgentHistoryOptions, arbitraryAgentHistory } from './arbitrary-agent-history';
export {
  arbitraryForeignHostedResponse,
  arbitraryForeignHostedTurn,
  arbitraryHostedTool,
} from './arbitrary-hosted-tools';
export {
  decodeEventStream,
  type EventStreamMessage,
  encodeEventStream,
  eventStreamEvent,
  eventStreamException,
  eventStreamMessagesOf,
} from './event-stream';
export {
  checkDecodeRequest,
  checkDecodeResponse,
  checkDecodeStream,
  type DecodeOutcome,
  DecoderContractError,
  type DecoderFailureKind,
  type DecoderName,
  watchPrototypes,
} from './fuzz/check-decoder';
export {
  applyChunkMutations,
  arbitraryChunkMutations,
  type ChunkMutation,
  type ChunkMutationOp,
} from './fuzz/chunk-mutation';
export { findFuzzCoverageGaps } from './fuzz/find-fuzz-coverage-gaps';
export {
  buildCodecFuzzSeeds,
  type CodecFuzzOptions,
  type CodecFuzzReport,
  type CodecFuzzSeeds,
  fuzzCodec,
} from './fuzz/fuzz-codec';
export { fuzzWireGuard, type WireGuardFuzzOptions, type WireGuardFuzzReport } from './fuzz/fuzz-wire-guard';
export {
  applyJSONMutations,
  arbitraryJSONMutations,
  countJSONNodes,
  ERROR_LIKE_BODIES,
  type JSONMutation,
  type JSONMutationOp,
} from './fuzz/json-mutation';
export { type IRCorpusCase, irCorpusDir, loadIRCorpus } from './ir-corpus';
export { type CodecFixture, loadCodecFixtures } from './load-codec-fixtures';
export {
  encodeSSE,
  eventStream,
  hang,
  json,
  type ProviderServer,
  type RecordedRequest,
  type Reply,
  type Route,
  raw,
  type SSEEnd,
  type SSEFormat,
  sse,
  startProviderServer,
} from './provider-server';
export { freePort, type RedisServer, type RedisServerOptions, startRedisServer } from './redis-server';
export { textResponse, toolCallResponse } from './responses';
export { strictAnthropicToolSearchReplies } from './rules/strict-anthropic-tool-search-replies';
export { strictDeepSeekReplies } from './rules/strict-deepseek-replies';
export { type StrictGeminiOptions, strictGeminiReplies } from './rules/strict-gemini-replies';
export {
  type RecordedModelCall,
  type ScriptedModel,
  type ScriptedStep,
  type ScriptedStepContext,
  scriptedModel,
} from './scripted-model';
export { type SigV4Expectation, type SigV4Rejection, type SigV4Secrets, verifySigV4 } from './verify-sigv4';
