export type { McpTransportKind } from './connect-mcp-client';
export { convertCallToolResult } from './convert-call-tool-result';
export {
  convertMcpContent,
  convertResourceContents,
  formatResourceLink,
  resourceLinkTarget,
} from './convert-mcp-content';
export { createFileTokenStore, defaultTokenDirectory } from './create-file-token-store';
export {
  createMcpAggregatorServer,
  DEFAULT_TOOLS_PAGE_SIZE,
  type McpAggregatorServer,
  type McpAggregatorServerOptions,
} from './create-mcp-aggregator-server';
export { exposeToolName, MAX_TOOL_NAME_LENGTH, sanitizeToolNamePart } from './expose-tool-name';
export { DEFAULT_MAX_LIST_PAGES } from './list-all-pages';
export {
  DEFAULT_LOGIN_TIMEOUT_MS,
  type LoginMcpServerOptions,
  loginMcpServer,
  logoutMcpServer,
} from './login-mcp-server';
export { McpAuthError, type McpAuthFailure } from './mcp-auth-error';
export { McpBridge } from './mcp-bridge';
export type { McpBridgeEvent, McpTraceFrame } from './mcp-bridge-event';
export {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_CLOSE_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_MAX_RESULT_BYTES,
  DEFAULT_RESTART_POLICY,
  type McpBridgeOptions,
  type McpCallOptions,
  type McpForwardCallOptions,
  type McpRestartPolicy,
} from './mcp-bridge-options';
export type { McpTelemetryOptions } from './mcp-call-span';
export type {
  McpElicitationAnswer,
  McpElicitationHandler,
  McpElicitationRequest,
  McpSamplingApprover,
  McpSamplingOptions,
  McpSamplingRequest,
} from './mcp-host-hooks';
export type { McpOAuthConfig } from './mcp-oauth-config';
export type { McpServedTool, McpServedToolContext } from './mcp-served-tool';
export { McpServerAccess } from './mcp-server-access';
export type { McpRemoteServerConfig, McpRoot, McpServerConfig, McpStdioServerConfig } from './mcp-server-config';
export type { McpServerStatus } from './mcp-server-status';
export type { McpOAuthCredentials, McpTokenStore, McpTokenStoreKey } from './mcp-token-store';
export { McpToolCallError, type McpToolCallFailure } from './mcp-tool-call-error';
export { type ParsedMcpConfig, type ParseMcpConfigOptions, parseMcpConfig } from './parse-mcp-config';
export { readMcpConfigFile } from './read-mcp-config-file';
export { resolveEnvReferences } from './resolve-env-references';
export { selectSamplingModel } from './select-sampling-model';
export { type McpStdioServing, serveMcpOverStdio } from './serve-mcp-over-stdio';
export { type McpHttpServer, type McpHttpServerOptions, startMcpHttpServer } from './start-mcp-http-server';
export type { McpTraceDirection } from './traced-transport';
export { validateElicitedContent } from './validate-elicited-content';
