import { isDeepStrictEqual } from 'node:util';
import { type CallFormat, type Concept, digestRequest, type RequestDigest } from './client-request-digest';

/** A warning as the gateway reports it (`x-interlingua-warnings`, the log line). */
export type ReportedWarning = { type?: string; feature?: string; message?: string };

/** One side of a model call: its format, its body and its headers. */
export type ModelCall = { format: CallFormat; body: unknown; headers: Record<string, string | string[] | undefined> };

/** The IR's name of each concept, which the codecs' warnings use as their `feature`. */
const CONCEPT_NAMES: Record<Concept, string[]> = {
  maxTokens: ['maxOutputTokens', 'max_tokens'],
  temperature: ['temperature'],
  topP: ['topP', 'top_p'],
  topK: ['topK', 'top_k'],
  stop: ['stopSequences', 'stop'],
  reasoning: ['reasoning', 'thinking'],
  toolChoice: ['toolChoice', 'tool_choice'],
  parallel: ['parallel'],
};

const PROVIDER: Record<CallFormat, string> = {
  anthropic: 'anthropic',
  openai: 'openai',
  'openai-responses': 'openai',
  gemini: 'gemini',
};

/** Headers a client sends to switch features on, checked where the backend is of the same provider. */
const FEATURE_HEADERS: Record<string, string> = { 'anthropic-beta': 'anthropic', 'openai-beta': 'openai' };

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Whether a warning names `subject`, case and punctuation aside: in its `feature` (a setting, a
 * field, a header), or also in its message (`where: 'message'`, for tools, which warnings name
 * in their text: `Tool "get_weather": …`).
 */
export function warned(
  warnings: readonly ReportedWarning[],
  subject: string,
  where: 'feature' | 'message' = 'feature',
): boolean {
  const wanted = squash(subject);
  const text = (warning: ReportedWarning) =>
    squash(where === 'message' ? `${warning.feature ?? ''} ${warning.message ?? ''}` : (warning.feature ?? ''));
  return wanted !== '' && warnings.some((warning) => text(warning).includes(wanted));
}

/** `auto` / `none` / `required` / `tool:<name>` from any format's tool choice. */
function toolChoiceOf(value: unknown): string {
  if (typeof value === 'string') return value === 'any' ? 'required' : value;
  const record = (value ?? {}) as Record<string, unknown>;
  const fn = record.function as { name?: string } | undefined;
  const name = record.name ?? fn?.name ?? (record.allowedFunctionNames as string[] | undefined)?.[0];
  if (name !== undefined && (record.type === 'tool' || record.type === 'function' || record.mode === 'ANY'))
    return `tool:${String(name)}`;
  const kind = String(record.type ?? record.mode ?? 'auto').toLowerCase();
  return kind === 'any' ? 'required' : kind === 'validated' ? 'auto' : kind;
}

/** Whether parallel tool calls are allowed, from `parallel_tool_calls` or Anthropic's `disable_parallel_tool_use`. */
function parallelOf(format: CallFormat, value: unknown): boolean {
  return format === 'anthropic' ? value !== true : value !== false;
}

/** Whether a reasoning setting asks for an amount of reasoning (an effort, a budget, thinking on or off). */
function asksReasoning(format: CallFormat, value: unknown): boolean {
  const record = (value ?? {}) as Record<string, unknown>;
  switch (format) {
    case 'anthropic':
      return record.type !== undefined;
    case 'openai':
      return value !== undefined;
    case 'openai-responses':
      return record.effort !== undefined && record.effort !== null;
    case 'gemini':
      return record.thinkingBudget !== undefined || record.thinkingLevel !== undefined;
    default:
      return true;
  }
}

function settingArrived(
  concept: Concept,
  inbound: ModelCall,
  sent: RequestDigest['settings'][Concept],
  backend: ModelCall,
  got: RequestDigest['settings'][Concept],
): boolean {
  switch (concept) {
    case 'toolChoice': {
      const wanted = toolChoiceOf(sent?.value);
      return got === undefined ? wanted === 'auto' : toolChoiceOf(got.value) === wanted;
    }
    case 'parallel': {
      const wanted = parallelOf(inbound.format, sent?.value);
      return got === undefined ? wanted : parallelOf(backend.format, got.value) === wanted;
    }
    case 'reasoning':
      // What is carried is how much the model reasons; a request that sets no amount (only
      // Responses' `summary` or Gemini's `includeThoughts`) leaves each model at its default.
      return !asksReasoning(inbound.format, sent?.value) || got !== undefined;
    case 'stop': {
      const list = (value: unknown) => (Array.isArray(value) ? value : [value]);
      return got !== undefined && isDeepStrictEqual(list(got.value), list(sent?.value));
    }
    default:
      return got !== undefined && got.value === sent?.value;
  }
}

function valueAt(body: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
      body,
    );
}

function headerList(value: string | string[] | undefined): string[] {
  return (Array.isArray(value) ? value.join(',') : (value ?? ''))
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

type GeminiPart = { functionCall?: { id?: string }; functionResponse?: { id?: string } };

/**
 * What the Gemini API refuses (the rules of the testkit's `strictGeminiReplies`, which cannot
 * judge a replayed history whose ids no route of its issued): a model turn's N function calls
 * answered by other than N function responses in the next turn, and call ids of another
 * provider (Gemini knows only the ids it issued, which reach the gateway only in Gemini's format).
 */
function geminiRuleBreaks(inbound: ModelCall, backend: ModelCall): string[] {
  if (backend.format !== 'gemini') return [];
  const contents = ((backend.body as { contents?: { role?: string; parts?: GeminiPart[] }[] }).contents ?? []).map(
    (content) => content.parts ?? [],
  );
  const breaks: string[] = [];
  contents.forEach((parts, index) => {
    const calls = parts.filter((part) => part.functionCall !== undefined).length;
    const answers = (contents[index + 1] ?? []).filter((part) => part.functionResponse !== undefined).length;
    if (calls > 0 && answers !== calls)
      breaks.push(`gemini: contents[${index}] makes ${calls} calls, ${answers} answered`);
    if (inbound.format === 'gemini') return;
    for (const part of parts) {
      const id = part.functionCall?.id ?? part.functionResponse?.id;
      if (id !== undefined) breaks.push(`gemini: foreign call id ${id} in contents[${index}]`);
    }
  });
  return breaks;
}

/**
 * What of the inbound call did not reach the backend and was not named in a warning: each function
 * tool (name and parameters), hosted tool, system text, tool call and tool result (by call id, its
 * content), setting and other field, and the feature headers. Where the backend speaks the inbound
 * format, the system blocks and `cache_control` breakpoints must arrive as sent (no warning excuses
 * them there: the backend understands them). An empty list is a faithful translation.
 */
export function requestLosses(inbound: ModelCall, backend: ModelCall, warnings: readonly ReportedWarning[]): string[] {
  const sent = digestRequest(inbound.format, inbound.body);
  const got = digestRequest(backend.format, backend.body);
  const losses: string[] = geminiRuleBreaks(inbound, backend);

  for (const tool of sent.functionTools) {
    const match = got.functionTools.find(
      (candidate) =>
        candidate.name === tool.name ||
        (tool.namespace !== undefined && candidate.name.includes(tool.namespace) && candidate.name.endsWith(tool.name)),
    );
    const label = tool.namespace === undefined ? tool.name : `${tool.namespace}.${tool.name}`;
    if (match === undefined) {
      if (
        !warned(warnings, tool.name, 'message') &&
        !(tool.namespace !== undefined && warned(warnings, tool.namespace, 'message'))
      )
        losses.push(`tool ${label}`);
    } else {
      const missing = tool.properties.filter((property) => !match.properties.includes(property));
      if (missing.length > 0) losses.push(`tool ${label}: parameters ${missing.join(', ')}`);
    }
  }
  for (const hosted of sent.hostedTools) {
    if (!got.hostedTools.includes(hosted) && !warned(warnings, hosted, 'message')) losses.push(`hosted tool ${hosted}`);
  }

  const systemText = got.systemTexts.join('\n');
  sent.systemTexts.forEach((text, index) => {
    if (text.trim() !== '' && !systemText.includes(text.trim())) losses.push(`system text ${index + 1}`);
  });
  if (inbound.format === backend.format && inbound.format === 'anthropic') {
    const blocks = (digest: RequestDigest) =>
      digest.systemBlocks.map((block) => `${block.cached ? 'cached ' : ''}${block.text.length}`);
    if (!isDeepStrictEqual(blocks(sent), blocks(got))) {
      losses.push(
        `system blocks: ${sent.systemBlocks.length} sent (${sent.systemBlocks.filter((b) => b.cached).length} cached), ${got.systemBlocks.length} arrived (${got.systemBlocks.filter((b) => b.cached).length} cached)`,
      );
    }
    if (sent.cacheBreakpoints !== got.cacheBreakpoints) {
      losses.push(`cache_control: ${sent.cacheBreakpoints} breakpoints sent, ${got.cacheBreakpoints} arrived`);
    }
  }

  for (const call of sent.toolCalls) {
    const found = got.toolCalls.some(
      (candidate) =>
        candidate.name === call.name &&
        (call.id === undefined || candidate.id === undefined || candidate.id === call.id),
    );
    if (!found) losses.push(`tool call ${call.id ?? call.name}`);
  }
  sent.toolResults.forEach((result, index) => {
    const label = `tool result ${result.id ?? result.name ?? index + 1}`;
    const match =
      got.toolResults.find((candidate) => result.id !== undefined && candidate.id === result.id) ??
      got.toolResults.find(
        (candidate) => candidate.id === undefined && result.name !== undefined && candidate.name === result.name,
      ) ??
      (got.toolResults.every((candidate) => candidate.id === undefined) ? got.toolResults[index] : undefined);
    if (match === undefined) {
      losses.push(label);
      return;
    }
    const text = match.leaves.join('\n');
    const missing = result.leaves.filter((leaf) => !text.includes(leaf));
    if (missing.length > 0) losses.push(`${label}: content ${JSON.stringify(missing).slice(0, 80)}`);
  });
  for (const result of got.toolResults) {
    if (result.id !== undefined && !got.toolCalls.some((call) => call.id === result.id))
      losses.push(`tool result ${result.id} answers no call`);
  }

  for (const [concept, setting] of Object.entries(sent.settings) as [Concept, RequestDigest['settings'][Concept]][]) {
    if (settingArrived(concept, inbound, setting, backend, got.settings[concept])) continue;
    const names = [...CONCEPT_NAMES[concept], setting?.field.split('.').at(-1) ?? ''];
    if (!names.some((name) => warned(warnings, name))) losses.push(`setting ${setting?.field} (${concept})`);
  }
  const sameProvider = PROVIDER[inbound.format] === PROVIDER[backend.format];
  for (const [field, value] of Object.entries(sent.otherFields)) {
    if (sameProvider && isDeepStrictEqual(valueAt(backend.body, field), value)) continue;
    if (!warned(warnings, field.split('.').at(-1) ?? field)) losses.push(`field ${field}`);
  }

  for (const [header, provider] of Object.entries(FEATURE_HEADERS)) {
    if (PROVIDER[inbound.format] !== provider || PROVIDER[backend.format] !== provider) continue;
    const arrived = headerList(backend.headers[header]);
    const missing = headerList(inbound.headers[header]).filter((item) => !arrived.includes(item));
    if (missing.length > 0 && !warned(warnings, header)) losses.push(`header ${header}: ${missing.join(', ')}`);
  }
  return losses;
}
