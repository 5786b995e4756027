/**
 * Every error code Interlingua raises. Closed and pinned by a test: renaming a code
 * breaks users who switch on it, so it has to be deliberate.
 */
export const ERROR_CODES = {
  /** A provider HTTP call failed (status, provider message, retryability). */
  API_CALL_ERROR: 'API_CALL_ERROR',
  /** A provider answered with a body or stream the codec cannot read. */
  INVALID_RESPONSE: 'INVALID_RESPONSE',
  /** A request or history that is not valid IR, or that a provider cannot express. */
  INVALID_REQUEST: 'INVALID_REQUEST',
  /** A feature the provider or model does not have and that cannot be degraded. */
  UNSUPPORTED_FUNCTIONALITY: 'UNSUPPORTED_FUNCTIONALITY',
  /** Tool arguments that do not parse or do not match the tool's schema. */
  INVALID_TOOL_ARGUMENTS: 'INVALID_TOOL_ARGUMENTS',
  /** A call to a tool name that was not offered. */
  NO_SUCH_TOOL: 'NO_SUCH_TOOL',
  /** A tool's `execute` threw or timed out; `cause` holds what was thrown. */
  TOOL_EXECUTION_ERROR: 'TOOL_EXECUTION_ERROR',
  /** A tool's input schema that cannot be turned into JSON Schema. */
  SCHEMA_CONVERSION_ERROR: 'SCHEMA_CONVERSION_ERROR',
  /** A `provider:model` string naming a provider the registry does not know. */
  NO_SUCH_PROVIDER: 'NO_SUCH_PROVIDER',
  /** A model string that is not of the form `provider:model`. */
  INVALID_MODEL_ID: 'INVALID_MODEL_ID',
  /** A missing or malformed setting (no API key, bad option value). */
  INVALID_SETTING: 'INVALID_SETTING',
  /** The caller's `AbortSignal` fired. */
  ABORTED: 'ABORTED',
  /** A model answer that did not become a valid object (not JSON, or not matching the schema) after every re-ask. */
  NO_OBJECT_GENERATED: 'NO_OBJECT_GENERATED',
  /** A request the gateway refused or could not serve; carries the HTTP status and a closed error type. */
  GATEWAY_ERROR: 'GATEWAY_ERROR',
} as const;

/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
