import type { ReasoningEffort } from './reasoning-settings';
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

/**
 * How a reasoning model's thinking is controlled: by named levels (OpenAI, Gemini 3) or by a
 * token budget in a range (Anthropic, Gemini 2.5), with the default the provider applies when
 * the request says nothing (`'off'`: no thinking unless asked; `'dynamic'`: the model decides).
 */
export type ReasoningControl =
  | { type: 'effort'; levels: ReasoningEffort[]; default: ReasoningEffort | 'off' }
  | {
      type: 'budget';
      /** The smallest budget the API accepts (when thinking is on). */
      min: number;
      /** The largest budget the API accepts. */
      max: number;
      /** Whether thinking can be turned off (budget 0 / no `thinking` field). */
      canDisable: boolean;
      default: number | 'off' | 'dynamic';
      /** The budget each effort level maps to for this model. */
      effortBudgets: Record<ReasoningEffort, number>;
    };

/** How a model produces JSON that matches a schema: natively, through a forced tool call, or not at all. */
export type StructuredOutputSupport = 'native' | 'tool' | 'none';

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
  /** How its reasoning is controlled (levels or a budget), when it reasons. */
  reasoningControl: Known<ReasoningControl>;
  /** How it answers with schema-conforming JSON (`ChatRequest.responseFormat`). */
  structuredOutput: Known<StructuredOutputSupport>;
};
