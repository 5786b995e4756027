// Shapes of published API keys and tokens, specific enough not to match ordinary words.
const KEY_SHAPES = [
  /sk-[A-Za-z0-9_-]{16,}/, // OpenAI, Anthropic (sk-ant-), DeepSeek, OpenRouter (sk-or-)
  /AIza[0-9A-Za-z_-]{30,}/, // Google API keys
  /(?:gsk|hf|ghp|gho|ghu|ghs|github_pat|r8|pplx)_[A-Za-z0-9_]{16,}/, // Groq, Hugging Face, GitHub, Replicate, Perplexity
  /xai-[A-Za-z0-9]{20,}/, // xAI
  /(?:AKIA|ASIA)[0-9A-Z]{16}/, // AWS access key ids
  /(?:ABSK|bedrock-api-key-)[A-Za-z0-9+/]{40,}={0,2}/, // Amazon Bedrock API keys: long-term (ABSK), short-term
  /ya29\.[0-9A-Za-z_-]{20,}/, // Google OAuth access tokens
  /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/, // JSON Web Tokens
];

/**
 * The token of an Authorization-style value (`Bearer …`, `Basic …`): group 1 is the scheme,
 * group 2 the space. The token must hold a digit or one of `=/+_`, so prose ("basic
 * understanding") is left alone.
 */
export const SCHEME_TOKEN = /\b(Bearer|Basic)(\s+)(?=[A-Za-z0-9._~+/=-]*[0-9=/+_])[A-Za-z0-9._~+/=-]{8,}/gi;

/** Each key shape, global, for replacing every occurrence in a text. */
export const KEY_PATTERNS: readonly RegExp[] = KEY_SHAPES.map((shape) => new RegExp(`\\b${shape.source}`, 'g'));

const SCHEME_VALUE = /^(?:Bearer|Basic)\s+\S{8,}$/i;
const KEY_VALUE = new RegExp(`^(?:${KEY_SHAPES.map((shape) => shape.source).join('|')})$`);

/** Whether a whole value (a header value, a query parameter) has the shape of an API key or a bearer token. */
export function looksLikeCredential(value: string): boolean {
  const trimmed = value.trim();
  return SCHEME_VALUE.test(trimmed) || KEY_VALUE.test(trimmed);
}
