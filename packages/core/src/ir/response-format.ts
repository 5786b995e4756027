import type { JSONObject } from './json-value';

/**
 * The shape of the answer: plain text, or JSON (optionally matching a JSON Schema). Each codec
 * maps it to its provider's native structured output; `withCapabilities` emulates it (a forced
 * tool, or instructions plus validation) for models without one.
 */
export type ResponseFormat =
  | { type: 'text' }
  | {
      type: 'json';
      /** The JSON Schema the answer must match (an object schema for most providers). */
      schema?: JSONObject;
      /** A name for the schema (OpenAI requires one; `response` when left out). */
      name?: string;
      /** What the answer is, for the model. */
      description?: string;
      /** Whether the provider must enforce the schema exactly (OpenAI `strict`). */
      strict?: boolean;
    };
