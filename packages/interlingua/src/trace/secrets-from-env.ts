/** Environment variables whose values must never be printed. */
export const SECRET_ENV_VARIABLES = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'OPENROUTER_API_KEY',
  'DEEPSEEK_API_KEY',
  'GROQ_API_KEY',
  'VLLM_API_KEY',
  'OPENAI_COMPATIBLE_API_KEY',
  'AWS_BEARER_TOKEN_BEDROCK',
  'GOOGLE_VERTEX_API_KEY',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
] as const;

/** The secret values present in an environment (API keys of every known provider). */
export function secretsFromEnv(env: Record<string, string | undefined>): string[] {
  return SECRET_ENV_VARIABLES.map((name) => env[name]).filter((value): value is string => value !== undefined);
}
