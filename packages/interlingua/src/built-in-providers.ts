/** How a built-in provider is reached. */
export type BuiltInProvider = {
  /** Which adapter speaks to it. `openai-compatible` endpoints go through the OpenAI adapter with a `name` and `baseURL`. */
  adapter: 'openai' | 'anthropic' | 'gemini' | 'vertex' | 'bedrock';
  /**
   * The provider key its models report (and capabilities are looked up under), when not the
   * registry key: `openai-responses:gpt-5` is an `openai` model.
   */
  name?: string;
  /** The OpenAI API it always uses; otherwise the `api` setting, the capability data, or Chat Completions. */
  api?: 'chat-completions' | 'responses';
  /** Environment variables read for the API key, in order. */
  apiKeyEnv: readonly string[];
  /** Whether it works without a key (local servers). */
  keyOptional: boolean;
  /** Environment variable read for the base URL. */
  baseURLEnv?: string;
  /** The base URL when neither the options nor the environment give one. */
  defaultBaseURL?: string;
  /** Chat Completions differences of an OpenAI-compatible server (see `@interlingua/openai`'s compat settings). */
  compat?: {
    maxTokensField?: 'max_completion_tokens' | 'max_tokens';
    streamUsage?: boolean;
    sendReasoningContent?: boolean;
    reasoningField?: 'reasoning_effort' | 'reasoning' | 'none';
  };
};

/**
 * The providers `model('provider:id')` knows without configuration. Compatible servers use
 * the OpenAI adapter; their compat settings follow each server's documentation.
 */
export const BUILT_IN_PROVIDERS: Readonly<Record<string, BuiltInProvider>> = {
  openai: { adapter: 'openai', apiKeyEnv: ['OPENAI_API_KEY'], keyOptional: false, baseURLEnv: 'OPENAI_BASE_URL' },
  // OpenAI through the API named, whatever the capability data recommends for the model.
  'openai-responses': {
    adapter: 'openai',
    name: 'openai',
    api: 'responses',
    apiKeyEnv: ['OPENAI_API_KEY'],
    keyOptional: false,
    baseURLEnv: 'OPENAI_BASE_URL',
  },
  'openai-chat': {
    adapter: 'openai',
    name: 'openai',
    api: 'chat-completions',
    apiKeyEnv: ['OPENAI_API_KEY'],
    keyOptional: false,
    baseURLEnv: 'OPENAI_BASE_URL',
  },
  anthropic: {
    adapter: 'anthropic',
    apiKeyEnv: ['ANTHROPIC_API_KEY'],
    keyOptional: false,
    baseURLEnv: 'ANTHROPIC_BASE_URL',
  },
  // GOOGLE_GEMINI_BASE_URL: the variable Google's own SDK (@google/genai) and the Gemini CLI read.
  gemini: {
    adapter: 'gemini',
    apiKeyEnv: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
    keyOptional: false,
    baseURLEnv: 'GOOGLE_GEMINI_BASE_URL',
  },
  // Gemini on Vertex AI: Application Default Credentials (GOOGLE_CLOUD_PROJECT / GOOGLE_CLOUD_LOCATION),
  // or an express-mode key. https://cloud.google.com/vertex-ai/generative-ai/docs/start/quickstart
  vertex: { adapter: 'vertex', apiKeyEnv: ['GOOGLE_VERTEX_API_KEY'], keyOptional: true },
  // https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys-use.html — SigV4 credentials otherwise.
  bedrock: {
    adapter: 'bedrock',
    apiKeyEnv: ['AWS_BEARER_TOKEN_BEDROCK'],
    keyOptional: true,
    baseURLEnv: 'AWS_ENDPOINT_URL_BEDROCK_RUNTIME',
  },
  // https://github.com/ollama/ollama/blob/main/docs/openai.md
  ollama: {
    adapter: 'openai',
    apiKeyEnv: [],
    keyOptional: true,
    baseURLEnv: 'OLLAMA_BASE_URL',
    defaultBaseURL: 'http://localhost:11434/v1',
    compat: { maxTokensField: 'max_tokens' },
  },
  // https://lmstudio.ai/docs/app/api/endpoints/openai
  lmstudio: {
    adapter: 'openai',
    apiKeyEnv: [],
    keyOptional: true,
    baseURLEnv: 'LMSTUDIO_BASE_URL',
    defaultBaseURL: 'http://localhost:1234/v1',
    compat: { maxTokensField: 'max_tokens' },
  },
  // https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html
  vllm: {
    adapter: 'openai',
    apiKeyEnv: ['VLLM_API_KEY'],
    keyOptional: true,
    baseURLEnv: 'VLLM_BASE_URL',
    defaultBaseURL: 'http://localhost:8000/v1',
    compat: { maxTokensField: 'max_tokens' },
  },
  // https://openrouter.ai/docs/api-reference/overview
  openrouter: {
    adapter: 'openai',
    apiKeyEnv: ['OPENROUTER_API_KEY'],
    keyOptional: false,
    defaultBaseURL: 'https://openrouter.ai/api/v1',
    // https://openrouter.ai/docs/use-cases/reasoning-tokens: `reasoning: { effort | max_tokens }`.
    compat: { reasoningField: 'reasoning' },
  },
  // https://api-docs.deepseek.com/ — thinking mode wants each tool-calling turn's
  // `reasoning_content` back (https://api-docs.deepseek.com/guides/thinking_mode).
  deepseek: {
    adapter: 'openai',
    apiKeyEnv: ['DEEPSEEK_API_KEY'],
    keyOptional: false,
    defaultBaseURL: 'https://api.deepseek.com/v1',
    compat: { maxTokensField: 'max_tokens', sendReasoningContent: true, reasoningField: 'none' },
  },
  // https://console.groq.com/docs/openai
  groq: {
    adapter: 'openai',
    apiKeyEnv: ['GROQ_API_KEY'],
    keyOptional: false,
    defaultBaseURL: 'https://api.groq.com/openai/v1',
    compat: { maxTokensField: 'max_tokens' },
  },
  'openai-compatible': {
    adapter: 'openai',
    apiKeyEnv: ['OPENAI_COMPATIBLE_API_KEY'],
    keyOptional: true,
    baseURLEnv: 'OPENAI_COMPATIBLE_BASE_URL',
    compat: { maxTokensField: 'max_tokens' },
  },
};
