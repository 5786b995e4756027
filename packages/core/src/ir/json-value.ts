/** A JSON value: what survives `JSON.stringify` and `JSON.parse` unchanged. */
export type JSONValue = null | string | number | boolean | JSONObject | JSONValue[];

/** A JSON object. */
export type JSONObject = { [key: string]: JSONValue };

/**
 * Provider-only data, keyed by provider name (`openai`, `anthropic`, `gemini`, …).
 * Each provider reads only its own key; the others pass it through untouched.
 */
export type ProviderMetadata = Record<string, JSONObject>;

/** Provider-only request settings, keyed by provider name, e.g. `{ openai: { parallel_tool_calls: false } }`. */
export type ProviderOptions = Record<string, JSONObject>;
