import { readEnv } from './create-gemini';
import { apiRoot, leanHeaders } from './gemini-lean-settings';
import { createGeminiLeanTransport, geminiModelResource } from './gemini-lean-transport';
import type { GeminiTransport } from './gemini-transport';
import type { VertexTokenSource } from './vertex-token-source';

// Vertex AI's multi-regional locations, served from their own `rep` hosts (as @google/genai has them).
const MULTI_REGIONAL = new Set(['us', 'eu']);

/**
 * The lean transport on Vertex AI, on the URL `@google/genai` would call: with a project,
 * `<origin>/<version>/projects/<project>/locations/<location>/publishers/google/models/<id>`
 * and the token source's `Authorization: Bearer`; with an express-mode API key (no project),
 * `<origin>/<version>/publishers/google/models/<id>` and `x-goog-api-key`. The origin is
 * `baseUrl`, else `GOOGLE_VERTEX_BASE_URL`, else the location's (`<location>-aiplatform`,
 * `aiplatform` for `global` and express mode, `aiplatform.<us|eu>.rep`); the version
 * `apiVersion`, else `GOOGLE_GENAI_API_VERSION` (`beta` meaning `v1beta1`), else `v1beta1`.
 */
export function createVertexLeanTransport(
  settings: {
    apiKey?: string | undefined;
    location?: string | undefined;
    apiVersion?: string | undefined;
    headers?: Record<string, string> | undefined;
    fetch?: typeof globalThis.fetch | undefined;
  },
  resolved: {
    project: string | undefined;
    tokens: VertexTokenSource;
    timeout: number;
    maxRetries: number;
    baseUrl: string | undefined;
  },
): GeminiTransport {
  const { timeout, maxRetries } = resolved;
  // As createVertex gives the SDK: a key means express mode, whatever the project.
  const express = settings.apiKey !== undefined;
  const location = settings.location ?? readEnv('GOOGLE_CLOUD_LOCATION') ?? 'us-central1';
  const project = express ? undefined : resolved.project;
  const envVersion = readEnv('GOOGLE_GENAI_API_VERSION');
  const version = settings.apiVersion ?? (envVersion === 'beta' ? 'v1beta1' : envVersion) ?? 'v1beta1';
  const origin = resolved.baseUrl ?? readEnv('GOOGLE_VERTEX_BASE_URL') ?? vertexOrigin(express ? 'global' : location);
  const prefix = project === undefined ? '' : `/projects/${project}/locations/${location}`;
  return createGeminiLeanTransport({
    baseURL: apiRoot(origin, version),
    modelPath: (modelId) => {
      const resource = geminiModelResource(modelId, true);
      return resource.startsWith('projects/') ? `/${resource}` : `${prefix}/${resource}`;
    },
    headers: leanHeaders(settings.headers, timeout, express ? { 'x-goog-api-key': settings.apiKey ?? '' } : {}),
    authHeaders: express ? undefined : (url) => resolved.tokens.headers(url),
    timeout,
    maxRetries,
    fetch: settings.fetch,
  });
}

function vertexOrigin(location: string): string {
  if (location === 'global') return 'https://aiplatform.googleapis.com';
  if (MULTI_REGIONAL.has(location)) return `https://aiplatform.${location}.rep.googleapis.com`;
  return `https://${location}-aiplatform.googleapis.com`;
}
