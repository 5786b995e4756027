export type { McpLoginReason, McpLoginRequest } from './auth/authorize-mcp-server';
export { createFileTokenStore, defaultTokenDirectory } from './auth/create-file-token-store';
export type { McpLoginHook } from './auth/create-oauth-fetch';
export {
  DEFAULT_LOGIN_TIMEOUT_MS,
  type LoginMcpServerOptions,
  loginMcpServer,
  logoutMcpServer,
} from './auth/login-mcp-server';
export { McpAuthError, type McpAuthFailure } from './auth/mcp-auth-error';
export type { McpOAuthCredentials, McpTokenStore, McpTokenStoreKey } from './auth/mcp-token-store';
export type { McpOAuthConfig, McpOAuthPrivateKey, McpOAuthSigningAlgorithm } from './config/mcp-oauth-config';
export type { McpProtocolSetting } from './config/mcp-protocol-setting';
export type { McpRemoteServerConfig, McpRoot, McpServerConfig, McpStdioServerConfig } from './config/mcp-server-config';
export type { McpApprovalMode, McpToolPolicy } from './config/mcp-tool-policy';
export { type ParsedMcpConfig, type ParseMcpConfigOptions, parseMcpConfig } from './config/parse-mcp-config';
export { type McpServeConfig, parseMcpServeConfig } from './config/parse-mcp-serve-config';
export { readMcpConfigFile } from './config/read-mcp-config-file';
export { resolveEnvReferences } from './config/resolve-env-references';
export { applyElicitationDefaults } from './host/apply-elicitation-defaults';
export { convertCallToolResult } from './host/convert-call-tool-result';
export {
  convertMcpContent,
  convertResourceContents,
  formatResourceLink,
  resourceLinkTarget,
} from './host/convert-mcp-content';
export { exposeToolName, MAX_TOOL_NAME_LENGTH, sanitizeToolNamePart } from './host/expose-tool-name';
export { DEFAULT_MAX_LIST_PAGES } from './host/list-all-pages';
export { McpBridge } from './host/mcp-bridge';
export type { McpBridgeEvent, McpTraceFrame } from './host/mcp-bridge-event';
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
  type McpForwardedResult,
  type McpRestartPolicy,
} from './host/mcp-bridge-options';
export type { McpTelemetryOptions } from './host/mcp-call-span';
export type {
  McpElicitationAnswer,
  McpElicitationHandler,
  McpElicitationRequest,
  McpSamplingApprover,
  McpSamplingOptions,
  McpSamplingRequest,
  McpUrlElicitationAnswer,
  McpUrlElicitationHandler,
  McpUrlElicitationRequest,
} from './host/mcp-host-hooks';
export type { McpRequestRelay, McpUpstreamRequest } from './host/mcp-request-relay';
export type { ReleaseResourceWatch } from './host/mcp-resource-watches';
export { McpServerAccess } from './host/mcp-server-access';
export type { McpServerStatus } from './host/mcp-server-status';
export { McpToolCallError, type McpToolCallFailure } from './host/mcp-tool-call-error';
export { selectSamplingModel } from './host/select-sampling-model';
export type { McpInputRound } from './host/send-mcp-tool-call';
export { validateElicitedContent } from './host/validate-elicited-content';
export {
  createMcpAggregatorServer,
  DEFAULT_TOOLS_PAGE_SIZE,
  type McpAggregatorServer,
  type McpAggregatorServerOptions,
} from './serving/create-mcp-aggregator-server';
export {
  createMcpHttpHandler,
  type McpHttpHandler,
  type McpHttpHandlerOptions,
} from './serving/create-mcp-http-handler';
export type { McpAuditLine, McpAuditOptions } from './serving/mcp-audit-line';
export { ANONYMOUS_CALLER, type McpCaller } from './serving/mcp-caller';
export {
  createMcpRequestRelay,
  DEFAULT_INPUT_WAIT_MS,
  McpRequestRelayHub,
} from './serving/mcp-request-relay-hub';
export {
  createMcpKeyAuthenticator,
  hashMcpKey,
  MASTER_CALLER,
  type McpServeKey,
  type McpServeKeys,
} from './serving/mcp-serve-keys';
export type { McpServedTool, McpServedToolContext } from './serving/mcp-served-tool';
export { notifyListenStreams } from './serving/notify-listen-streams';
export { type McpStdioServing, serveMcpOverStdio } from './serving/serve-mcp-over-stdio';
export {
  type McpHttpRequestInfo,
  type McpHttpServer,
  type McpHttpServerOptions,
  startMcpHttpServer,
} from './serving/start-mcp-http-server';
export type { McpProtocolEra, McpTransportKind } from './transports/connect-mcp-client';
export type { McpTraceDirection } from './transports/traced-transport';
