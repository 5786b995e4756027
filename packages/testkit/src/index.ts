export { arbitraryArgs, arbitraryChatRequest, arbitraryModelResponse, arbitraryText } from './arbitraries';
export { type AgentHistoryOptions, arbitraryAgentHistory } from './arbitrary-agent-history';
export { type IRCorpusCase, irCorpusDir, loadIRCorpus } from './ir-corpus';
export { type CodecFixture, loadCodecFixtures } from './load-codec-fixtures';
export {
  encodeSSE,
  hang,
  json,
  type ProviderServer,
  type RecordedRequest,
  type Reply,
  type Route,
  type SSEFormat,
  sse,
  startProviderServer,
} from './provider-server';
export { textResponse, toolCallResponse } from './responses';
export { type ConformanceOptions, runCodecConformance } from './run-codec-conformance';
export {
  type RecordedModelCall,
  type ScriptedModel,
  type ScriptedStep,
  type ScriptedStepContext,
  scriptedModel,
} from './scripted-model';
