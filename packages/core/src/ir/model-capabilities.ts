import type { ToolChoiceMode } from './tool';

/** A capability that may not be known. `'unknown'` is not "unsupported". */
export type Known<T> = T | 'unknown';

/** Which JSON-Schema features a model's tool schemas may use. */
export type SchemaCapabilities = {
  ref: Known<boolean>;
  anyOf: Known<boolean>;
  allOf: Known<boolean>;
  oneOf: Known<boolean>;
  formats: Known<boolean>;
  nullable: Known<boolean>;
  additionalProperties: Known<boolean>;
};

/** What a model can do. Filled from the capability registry; adapters may fill parts of it. */
export type ModelCapabilities = {
  /** Whether the model has native tool calling (`none` means it must be emulated with prompts). */
  toolCalling: Known<'native' | 'none'>;
  /** Whether the model may call several tools in one turn. */
  parallelToolCalls: Known<boolean>;
  /** The tool-choice modes the model honours natively. */
  toolChoice: Known<ToolChoiceMode[]>;
  /** Schema features accepted in tool input schemas. */
  schema: SchemaCapabilities;
  /** Image input. */
  imageInput: Known<boolean>;
  /** Audio input. */
  audioInput: Known<boolean>;
  /**
   * Whether images and files in a tool result reach the model inside that result (Anthropic
   * `tool_result` blocks, Gemini 3 `functionResponse.parts`). `false`: the adapter sends them
   * beside the result (Gemini 2.x: parts after the `functionResponse`; Chat Completions: a user message).
   */
  toolResultMedia: Known<boolean>;
  /** Whether a system prompt is native or must be merged into the first user turn. */
  systemPrompt: Known<'native' | 'merge-into-user'>;
  /** Context window in tokens. */
  contextWindow: Known<number>;
  /** Maximum output tokens. */
  maxOutputTokens: Known<number>;
  /** Whether the model produces reasoning. */
  reasoning: Known<boolean>;
};
