import type { ChatModel, ChatRequest } from '@interlingua/core';
import type { CreateMessageRequestParams, ElicitRequestFormParams } from '@modelcontextprotocol/client';

/** A server's `sampling/createMessage`, as the host's approval hook sees it. */
export type McpSamplingRequest = {
  /** The server that asked. */
  server: string;
  /** The request's parameters as the server sent them. */
  params: CreateMessageRequestParams;
  /** What the chosen model will be sent: the server's messages, system prompt and limits, in IR. */
  request: ChatRequest;
  /** The model chosen for it, from the `modelPreferences` hints and priorities. */
  model: ChatModel;
};

/**
 * Decides whether a sampling request may run. `true` runs it; `false` refuses it (the server
 * gets the JSON-RPC error `-1`, "User rejected sampling request").
 */
export type McpSamplingApprover = (request: McpSamplingRequest, signal: AbortSignal) => boolean | Promise<boolean>;

/**
 * How the bridge answers servers' `sampling/createMessage`. With it, every server is told the
 * client can sample; without it, none is (and servers such as server-everything do not offer
 * their sampling tools).
 */
export type McpSamplingOptions = {
  /**
   * The models servers may use. One is chosen per request: the first whose `provider:modelId`
   * contains a `modelPreferences` hint, else the best on the request's cost, speed and
   * intelligence priorities (from each model's capability data and pricing), else the first.
   */
  models: ChatModel | readonly ChatModel[];
  /**
   * Approves each request before a model sees it. `'always'` approves every one. Required in
   * practice: without it every request is refused, so a server never spends the host's tokens
   * unasked.
   */
  approve?: McpSamplingApprover | 'always';
  /** The most output tokens any request may ask for; a larger `maxTokens` is lowered to it. */
  maxOutputTokens?: number;
};

/** A server's form-mode `elicitation/create`: a message and the flat schema of what it asks for. */
export type McpElicitationRequest = {
  server: string;
  message: string;
  requestedSchema: ElicitRequestFormParams['requestedSchema'];
};

/**
 * The user's answer: `accept` with content matching the schema, `decline` (said no), `cancel`
 * (dismissed without choosing).
 */
export type McpElicitationAnswer =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' }
  | { action: 'cancel' };

/**
 * Answers `elicitation/create` (form mode). With it, every server is told the client can elicit;
 * content of an `accept` gets the schema's defaults for the fields left out (SEP-1034) and is
 * checked against the requested schema before it is sent.
 */
export type McpElicitationHandler = (
  request: McpElicitationRequest,
  signal: AbortSignal,
) => McpElicitationAnswer | Promise<McpElicitationAnswer>;

/**
 * A server's URL-mode `elicitation/create`: it asks the user to visit a page of its own (a login
 * at a third party, a payment) — something that must not pass through the client. Show the
 * message and the full URL (its host plainly), and open it only with the user's consent.
 */
export type McpUrlElicitationRequest = {
  server: string;
  message: string;
  /** The page to visit. */
  url: string;
  /** The server's id for this request; `notifications/elicitation/complete` names it when the interaction is done. */
  elicitationId: string;
};

/** `accept`: the user agreed to visit the URL (not that the interaction is done); `decline` / `cancel` as in form mode. */
export type McpUrlElicitationAnswer = { action: 'accept' } | { action: 'decline' } | { action: 'cancel' };

/**
 * Answers URL-mode `elicitation/create`. With it, every server is told the client supports URL
 * mode (`elicitation: { url: {} }`); the end of the interaction arrives as an
 * `elicitation-complete` event.
 */
export type McpUrlElicitationHandler = (
  request: McpUrlElicitationRequest,
  signal: AbortSignal,
) => McpUrlElicitationAnswer | Promise<McpUrlElicitationAnswer>;
