/**
 * `@interlingua/core/adapter`: the kit for writing an adapter (and the packages built on core): parse
 * and guard wire bodies, read SSE and bound its idle waits, map transport errors, redact secrets,
 * warn about another provider's options, read usage counters, price usage, start telemetry spans.
 * The contract these helpers serve (IR, `Codec`, `ChatModel`, errors) is `@interlingua/core`'s root.
 *
 * @packageDocumentation
 */
export { abortDeadlineOf, setAbortDeadline } from '../abort/abort-deadline';
export { type LinkedAbortSignal, linkAbortSignal } from '../abort/link-abort-signal';
export {
  type CallAttempt,
  type CallAttemptContext,
  type CallAttemptOptions,
  startCallAttempt,
} from '../abort/start-call-attempt';
export { limitCacheBreakpoints } from '../cache/limit-cache-breakpoints';
export { readSystemParts } from '../cache/read-system-parts';
export { addCosts, computeCost, ZERO_COST } from '../cost/compute-cost';
export { isRetryableStatus } from '../errors/api-call-error';
export { renderHostedToolPart } from '../hosted/render-hosted-tool-part';
export { warnUnsupportedHostedTool } from '../hosted/warn-unsupported-hosted-tool';
export { describeJSONKind, type FindJSONValueIssueOptions, findJSONValueIssue } from '../json/find-json-value-issue';
export { MAX_JSON_DEPTH } from '../json/max-json-depth';
export { setOwnProperty } from '../json/set-own-property';
export {
  type GroupProviderTurnsOptions,
  groupProviderTurns,
  type ProviderTurn,
  type TurnFactory,
} from '../messages/group-provider-turns';
export { warnDeferredTools } from '../provider-data/warn-deferred-tools';
export { type ForeignMetadataOptions, warnForeignMetadata } from '../provider-data/warn-foreign-metadata';
export { type ForeignOptionsOptions, warnForeignOptions } from '../provider-data/warn-foreign-options';
export { warnPromptCache } from '../provider-data/warn-prompt-cache';
export { DEFAULT_EFFORT_BUDGETS } from '../reasoning/default-effort-budgets';
export { effortForBudget } from '../reasoning/effort-for-budget';
export { createRedactor } from '../redact/create-redactor';
export { looksLikeCredential } from '../redact/looks-like-credential';
export { redactError } from '../redact/redact-error';
export { redactUrl } from '../redact/redact-url';
export { REDACTED } from '../redact/redacted';
export { formatPath, formatSchemaIssues, type SchemaIssue } from '../schemas/format-schema-issues';
export { parseWireRequest, parseWireResponse, safeParseWireResponse, type WireSchema } from '../schemas/parse-wire';
export {
  isNullishNumber,
  isNullishString,
  isOptionalString,
  isWireArrayOf,
  isWireNumber,
  isWireRecord,
  type WireGuard,
} from '../schemas/wire-guards';
export { rejectUnknownSettings } from '../settings/reject-unknown-settings';
export { type ModelEventSource, modelEventStream } from '../stream/model-event-stream';
export { responseToStream } from '../stream/response-to-stream';
export {
  captureContentByDefault,
  chatContentAttributes,
  chatRequestAttributes,
  chatResponseAttributes,
  errorTypeOf,
  genAiProviderName,
  usageAttributes,
} from '../telemetry/gen-ai-attributes';
export { loadOpenTelemetry, type ModuleLoader } from '../telemetry/load-open-telemetry';
export type {
  OpenTelemetryApi,
  OpenTelemetryContext,
  OpenTelemetrySpan,
  TelemetryAttributeValue,
} from '../telemetry/open-telemetry-api';
export {
  type StartSpanOptions,
  startTelemetrySpan,
  type TelemetryAttributes,
  type TelemetrySpan,
  type TelemetrySpanKind,
} from '../telemetry/telemetry-span';
export { findClosestMatch } from '../text/find-closest-match';
export { renderToolReferences, toolReferenceText } from '../tool-search/render-tool-references';
export { repairJsonText } from '../tools/repair-json-text';
export { isZod3Schema, isZod4Schema } from '../tools/zod-to-input-schema';
export { describeConnectionFailure } from '../transport/describe-connection-failure';
export { type IdleTimeoutOptions, IdleWatch } from '../transport/idle-watch';
export {
  type LeanErrorFactory,
  type LeanFailure,
  LeanHTTPClient,
  type LeanHTTPClientOptions,
  type LeanRequest,
  type LeanRetryPolicy,
  type LeanSignRequest,
  type LeanStream,
} from '../transport/lean-http-client';
export { type HeaderLookup, retryDelayMs, shouldRetryStatus } from '../transport/lean-retry-policy';
export { type ReadSSEJSONOptions, readSSEJSON } from '../transport/read-sse-json';
export { type StainlessErrorClasses, stainlessErrorFactory } from '../transport/stainless-error-factory';
export { isConnectionError, toTransportError } from '../transport/to-transport-error';
export { withIdleTimeout } from '../transport/with-idle-timeout';
export { readTokenCount, readTokenCounts, sumTokenCounts } from '../usage/read-token-count';
