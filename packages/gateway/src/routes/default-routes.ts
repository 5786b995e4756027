import {
  createKeyHandler,
  listKeysHandler,
  reinitializeStoreHandler,
  resetBudgetHandler,
  revokeKeyHandler,
} from '../handlers/admin-handlers';
import { chatHandler } from '../handlers/chat-handler';
import { countTokensHandler } from '../handlers/count-tokens-handler';
import { anthropicModelsHandler, geminiModelsHandler, openaiModelsHandler } from '../handlers/models-handler';
import { healthHandler, metricsHandler, readyHandler } from '../handlers/operational-handlers';
import type { GatewayRoute } from './gateway-route';

// Gemini names the model in the path: /v1beta/models/{model}:generateContent (v1 too).
const geminiPath = (method: string) => new RegExp(`^/v1(?:beta)?/models/(?<model>.+):${method}$`);

/**
 * The gateway's routes, one row each: path → handler, inbound format (codec, auth header,
 * error shape). Matched in order; the first row whose method, path and `when` match serves.
 */
export const DEFAULT_ROUTES: readonly GatewayRoute[] = [
  { name: 'openai.chat', method: 'POST', path: '/v1/chat/completions', format: 'openai', handler: chatHandler },
  {
    name: 'openai.responses',
    method: 'POST',
    path: '/v1/responses',
    format: 'openai-responses',
    handler: chatHandler,
  },
  {
    name: 'anthropic.models',
    method: 'GET',
    path: '/v1/models',
    format: 'anthropic',
    handler: anthropicModelsHandler,
    when: (request) => request.headers['anthropic-version'] !== undefined,
  },
  { name: 'openai.models', method: 'GET', path: '/v1/models', format: 'openai', handler: openaiModelsHandler },
  { name: 'anthropic.messages', method: 'POST', path: '/v1/messages', format: 'anthropic', handler: chatHandler },
  {
    name: 'anthropic.count_tokens',
    method: 'POST',
    path: '/v1/messages/count_tokens',
    format: 'anthropic',
    handler: countTokensHandler,
  },
  {
    name: 'gemini.generate',
    method: 'POST',
    path: geminiPath('generateContent'),
    httpRoute: '/v1beta/models/{model}:generateContent',
    format: 'gemini',
    handler: chatHandler,
    stream: false,
  },
  {
    name: 'gemini.stream',
    method: 'POST',
    path: geminiPath('streamGenerateContent'),
    httpRoute: '/v1beta/models/{model}:streamGenerateContent',
    format: 'gemini',
    handler: chatHandler,
    stream: true,
  },
  {
    name: 'gemini.models',
    method: 'GET',
    path: /^\/v1(?:beta)?\/models$/,
    httpRoute: '/v1beta/models',
    format: 'gemini',
    handler: geminiModelsHandler,
  },
  { name: 'admin.keys.create', method: 'POST', path: '/admin/keys', format: 'openai', handler: createKeyHandler },
  { name: 'admin.keys.list', method: 'GET', path: '/admin/keys', format: 'openai', handler: listKeysHandler },
  {
    name: 'admin.keys.revoke',
    method: 'POST',
    path: /^\/admin\/keys\/(?<key>[^/]+)\/revoke$/,
    format: 'openai',
    handler: revokeKeyHandler,
  },
  {
    name: 'admin.keys.reset_budget',
    method: 'POST',
    path: /^\/admin\/keys\/(?<key>[^/]+)\/reset-budget$/,
    format: 'openai',
    handler: resetBudgetHandler,
  },
  {
    name: 'admin.store.reinitialize',
    method: 'POST',
    path: '/admin/store/reinitialize',
    format: 'openai',
    handler: reinitializeStoreHandler,
  },
  { name: 'healthz', method: 'GET', path: '/healthz', format: 'openai', handler: healthHandler, operational: true },
  { name: 'readyz', method: 'GET', path: '/readyz', format: 'openai', handler: readyHandler, operational: true },
  { name: 'metrics', method: 'GET', path: '/metrics', format: 'openai', handler: metricsHandler, operational: true },
];
