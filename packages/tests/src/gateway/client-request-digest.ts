/** The four wire formats of a model call, as the gateway's inbound formats name them. */
export type CallFormat = 'anthropic' | 'openai' | 'openai-responses' | 'gemini';

/** A setting every format expresses in its own field (`max_tokens`, `maxOutputTokens`, `max_output_tokens`…). */
export type Concept = 'maxTokens' | 'temperature' | 'topP' | 'topK' | 'stop' | 'reasoning' | 'toolChoice' | 'parallel';

/** A function tool the model may call: its name, its namespace (Codex's `namespace` tools), its parameters. */
export type FunctionTool = { name: string; namespace?: string; properties: string[] };

/** A tool result: the call it answers (an id where the format has one) and every string and number in it. */
export type ToolResult = { id?: string | undefined; name?: string | undefined; leaves: string[] };

/**
 * What a model call asks for, read the same way from any of the four formats, so an inbound body
 * and the body the backend received can be compared item by item.
 */
export type RequestDigest = {
  functionTools: FunctionTool[];
  /** Tools of another type than function (hosted: `web_search`, …), by type. */
  hostedTools: string[];
  /** Each system block's text (a system message, an instruction, a `systemInstruction` part). */
  systemTexts: string[];
  /** Anthropic's `system` as blocks: their count and which carry `cache_control`. */
  systemBlocks: { text: string; cached: boolean }[];
  /** `cache_control` breakpoints anywhere in the body. */
  cacheBreakpoints: number;
  toolCalls: { id?: string | undefined; name: string }[];
  toolResults: ToolResult[];
  /** Settings with an equivalent in every format, with the field each came from. */
  settings: Partial<Record<Concept, { field: string; value: unknown }>>;
  /** Fields the digest does not read (dotted under `generationConfig`): each must arrive as it is or be warned about. */
  otherFields: Record<string, unknown>;
};

type JSONRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is JSONRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const array = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const string = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Every string and number in a value, JSON strings opened, for comparing tool results across formats. */
export function leavesOf(value: unknown): string[] {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        return leavesOf(JSON.parse(trimmed));
      } catch {
        // Not JSON after all: the text itself.
      }
    }
    return trimmed === '' ? [] : [trimmed];
  }
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(leavesOf);
  if (isRecord(value)) {
    // A content part's `type` says how it is wrapped, not what it says.
    return Object.entries(value).flatMap(([key, item]) => (key === 'type' ? [] : leavesOf(item)));
  }
  return [];
}

function countCacheControl(value: unknown): number {
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + countCacheControl(item), 0);
  if (!isRecord(value)) return 0;
  return Object.entries(value).reduce<number>(
    (sum, [key, item]) => sum + (key === 'cache_control' && item !== undefined ? 1 : countCacheControl(item)),
    0,
  );
}

function textOf(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  return array(content).flatMap((part) => (isRecord(part) && typeof part.text === 'string' ? [part.text] : []));
}

function propertiesOf(schema: unknown): string[] {
  return isRecord(schema) && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
}

function pick(body: JSONRecord, read: Partial<Record<Concept, string[]>>): RequestDigest['settings'] {
  const settings: RequestDigest['settings'] = {};
  for (const [concept, fields] of Object.entries(read) as [Concept, string[]][]) {
    for (const field of fields) {
      const value = field.split('.').reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), body);
      if (value !== undefined) settings[concept] = { field, value };
    }
  }
  return settings;
}

/** An empty list or object, or null, asks for nothing: there is nothing to carry. */
const isEmpty = (value: unknown) =>
  value === null ||
  (Array.isArray(value) && value.length === 0) ||
  (isRecord(value) && Object.keys(value).length === 0);

function others(body: JSONRecord, known: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => !known.includes(key) && !isEmpty(value)));
}

function empty(): RequestDigest {
  return {
    functionTools: [],
    hostedTools: [],
    systemTexts: [],
    systemBlocks: [],
    cacheBreakpoints: 0,
    toolCalls: [],
    toolResults: [],
    settings: {},
    otherFields: {},
  };
}

function digestAnthropic(body: JSONRecord): RequestDigest {
  const digest = empty();
  for (const tool of array(body.tools).filter(isRecord)) {
    if (tool.type === undefined || tool.type === 'custom') {
      digest.functionTools.push({ name: String(tool.name), properties: propertiesOf(tool.input_schema) });
    } else digest.hostedTools.push(hostedKind(String(tool.type)));
  }
  const blocks = typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : array(body.system);
  for (const block of blocks.filter(isRecord)) {
    digest.systemTexts.push(String(block.text));
    digest.systemBlocks.push({ text: String(block.text), cached: block.cache_control !== undefined });
  }
  for (const message of array(body.messages).filter(isRecord)) {
    for (const part of array(message.content).filter(isRecord)) {
      if (part.type === 'tool_use') digest.toolCalls.push({ id: string(part.id), name: String(part.name) });
      if (part.type === 'tool_result')
        digest.toolResults.push({ id: string(part.tool_use_id), leaves: leavesOf(part.content) });
    }
  }
  digest.cacheBreakpoints = countCacheControl(body);
  digest.settings = pick(body, {
    maxTokens: ['max_tokens'],
    temperature: ['temperature'],
    topP: ['top_p'],
    topK: ['top_k'],
    stop: ['stop_sequences'],
    reasoning: ['thinking'],
    toolChoice: ['tool_choice'],
    parallel: ['tool_choice.disable_parallel_tool_use'],
  });
  digest.otherFields = others(body, [
    ...['model', 'messages', 'system', 'tools', 'stream', 'max_tokens', 'temperature', 'top_p', 'top_k'],
    ...['stop_sequences', 'thinking', 'tool_choice'],
  ]);
  return digest;
}

function digestOpenAI(body: JSONRecord): RequestDigest {
  const digest = empty();
  for (const tool of array(body.tools).filter(isRecord)) {
    if (tool.type === 'function' && isRecord(tool.function)) {
      digest.functionTools.push({
        name: String(tool.function.name),
        properties: propertiesOf(tool.function.parameters),
      });
    } else digest.hostedTools.push(hostedKind(String(tool.type)));
  }
  for (const message of array(body.messages).filter(isRecord)) {
    if (message.role === 'system' || message.role === 'developer') digest.systemTexts.push(...textOf(message.content));
    for (const call of array(message.tool_calls).filter(isRecord)) {
      digest.toolCalls.push({ id: string(call.id), name: String(isRecord(call.function) ? call.function.name : '') });
    }
    if (message.role === 'tool')
      digest.toolResults.push({ id: string(message.tool_call_id), leaves: leavesOf(message.content) });
  }
  digest.settings = pick(body, {
    maxTokens: ['max_tokens', 'max_completion_tokens'],
    temperature: ['temperature'],
    topP: ['top_p'],
    stop: ['stop'],
    reasoning: ['reasoning_effort'],
    toolChoice: ['tool_choice'],
    parallel: ['parallel_tool_calls'],
  });
  digest.otherFields = others(body, [
    ...['model', 'messages', 'tools', 'stream', 'stream_options', 'max_tokens', 'max_completion_tokens'],
    ...['temperature', 'top_p', 'stop', 'reasoning_effort', 'tool_choice', 'parallel_tool_calls'],
  ]);
  return digest;
}

function digestResponses(body: JSONRecord): RequestDigest {
  const digest = empty();
  for (const tool of array(body.tools).filter(isRecord)) {
    if (tool.type === 'function') {
      digest.functionTools.push({ name: String(tool.name), properties: propertiesOf(tool.parameters) });
    } else if (tool.type === 'namespace') {
      for (const inner of array(tool.tools).filter(isRecord)) {
        const namespace = String(tool.name);
        digest.functionTools.push({ name: String(inner.name), namespace, properties: propertiesOf(inner.parameters) });
      }
    } else digest.hostedTools.push(hostedKind(String(tool.type)));
  }
  if (typeof body.instructions === 'string') digest.systemTexts.push(body.instructions);
  for (const item of array(body.input).filter(isRecord)) {
    const isMessage = item.type === 'message' || (item.type === undefined && typeof item.role === 'string');
    if (isMessage && (item.role === 'system' || item.role === 'developer'))
      digest.systemTexts.push(...textOf(item.content));
    if (item.type === 'function_call') digest.toolCalls.push({ id: string(item.call_id), name: String(item.name) });
    if (item.type === 'function_call_output')
      digest.toolResults.push({ id: string(item.call_id), leaves: leavesOf(item.output) });
  }
  digest.settings = pick(body, {
    maxTokens: ['max_output_tokens'],
    temperature: ['temperature'],
    topP: ['top_p'],
    reasoning: ['reasoning'],
    toolChoice: ['tool_choice'],
    parallel: ['parallel_tool_calls'],
  });
  digest.otherFields = others(body, [
    ...['model', 'input', 'instructions', 'tools', 'stream', 'max_output_tokens', 'temperature', 'top_p'],
    ...['reasoning', 'tool_choice', 'parallel_tool_calls', 'store', 'include'],
  ]);
  // The route is stateless: `store: false` and encrypted reasoning in `include` are what it does
  // anyway (docs/gateway.md, "The Responses API route"); anything else is a field to carry.
  if (body.store !== undefined && body.store !== false) digest.otherFields.store = body.store;
  const include = array(body.include).filter((entry) => entry !== 'reasoning.encrypted_content');
  if (include.length > 0) digest.otherFields.include = include;
  return digest;
}

// One name per hosted tool kind, whatever the format calls it (issue 31: a web search reaches
// every backend as that provider's own tool).
function hostedKind(type: string): string {
  if (/^web_search/.test(type) || type === 'googleSearch') return 'web_search';
  if (/^web_fetch/.test(type) || type === 'urlContext') return 'web_fetch';
  if (/^code_execution/.test(type) || type === 'code_interpreter' || type === 'codeExecution') return 'code_execution';
  if (type === 'file_search' || type === 'fileSearch') return 'file_search';
  return type;
}

function digestGemini(body: JSONRecord): RequestDigest {
  const digest = empty();
  for (const tool of array(body.tools).filter(isRecord)) {
    for (const [kind, value] of Object.entries(tool)) {
      if (kind !== 'functionDeclarations') {
        digest.hostedTools.push(hostedKind(kind));
        continue;
      }
      for (const declaration of array(value).filter(isRecord)) {
        const schema = declaration.parametersJsonSchema ?? declaration.parameters;
        digest.functionTools.push({ name: String(declaration.name), properties: propertiesOf(schema) });
      }
    }
  }
  const instruction = body.systemInstruction;
  if (typeof instruction === 'string') digest.systemTexts.push(instruction);
  else if (isRecord(instruction)) digest.systemTexts.push(...textOf(instruction.parts));
  for (const content of array(body.contents).filter(isRecord)) {
    for (const part of array(content.parts).filter(isRecord)) {
      if (isRecord(part.functionCall)) {
        digest.toolCalls.push({ id: string(part.functionCall.id), name: String(part.functionCall.name) });
      }
      if (isRecord(part.functionResponse)) {
        const { id, name, response } = part.functionResponse;
        digest.toolResults.push({ id: string(id), name: string(name), leaves: leavesOf(response) });
      }
    }
  }
  digest.settings = pick(body, {
    maxTokens: ['generationConfig.maxOutputTokens'],
    temperature: ['generationConfig.temperature'],
    topP: ['generationConfig.topP'],
    topK: ['generationConfig.topK'],
    stop: ['generationConfig.stopSequences'],
    reasoning: ['generationConfig.thinkingConfig'],
    toolChoice: ['toolConfig.functionCallingConfig'],
  });
  const read = ['maxOutputTokens', 'temperature', 'topP', 'topK', 'stopSequences', 'thinkingConfig'];
  const config = isRecord(body.generationConfig) ? body.generationConfig : {};
  digest.otherFields = {
    ...others(body, ['model', 'contents', 'systemInstruction', 'tools', 'toolConfig', 'generationConfig']),
    ...Object.fromEntries(
      Object.entries(config)
        .filter(([key, value]) => !read.includes(key) && !isEmpty(value))
        .map(([key, value]) => [`generationConfig.${key}`, value]),
    ),
  };
  return digest;
}

/** Reads a model call's body in `format` into a {@link RequestDigest}. */
export function digestRequest(format: CallFormat, body: unknown): RequestDigest {
  const record = isRecord(body) ? body : {};
  switch (format) {
    case 'anthropic':
      return digestAnthropic(record);
    case 'openai':
      return digestOpenAI(record);
    case 'openai-responses':
      return digestResponses(record);
    case 'gemini':
      return digestGemini(record);
    default: {
      const exhaustive: never = format;
      throw new Error(`Unknown format ${String(exhaustive)}`);
    }
  }
}
