import type { CapabilityRow } from '../registry/capability-row';

/** Both spellings of a family: Ollama tags (`llama3.1:8b`) and Hugging Face ids (`meta-llama/Llama-3.1-8B-Instruct`). */
const family = (...names: string[]) => names.map((name) => `*:*${name}*`);

/**
 * Open-weight models as served by OpenAI-compatible servers (Ollama, vLLM, llama.cpp, LM Studio,
 * hosted inference). `toolCalling` is the model's own training (a tool-call chat template); a
 * server can still refuse tools (vLLM without `--enable-auto-tool-choice`, llama.cpp without
 * `--jinja`), which runtime detection catches. Schema support depends on the server, so it is left unknown.
 */
export const openModelCapabilities: CapabilityRow[] = [
  {
    // Llama 3 (3.0): no tool-call template; Ollama answers "llama3 does not support tools".
    match: family('llama3', 'llama-3', 'llama_3'),
    capabilities: {
      toolCalling: 'none',
      systemPrompt: 'native',
      imageInput: false,
      contextWindow: 8192,
      reasoning: false,
    },
    source: 'https://github.com/ollama/ollama/issues/5793',
  },
  {
    match: family('llama3.1', 'llama-3.1', 'llama3.2', 'llama-3.2', 'llama3.3', 'llama-3.3'),
    capabilities: { toolCalling: 'native', imageInput: false, contextWindow: 131_072 },
    source: 'https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_1/',
  },
  {
    // The vision models are not tagged for tools on Ollama.
    match: family('llama3.2-vision', 'llama-3.2-11b-vision', 'llama-3.2-90b-vision'),
    capabilities: { toolCalling: 'none', imageInput: true, contextWindow: 131_072 },
    source: 'https://ollama.com/library/llama3.2-vision',
  },
  {
    // Qwen 2.5 uses Hermes-style <tool_call> tags in its chat template; 32K native, 128K with YaRN.
    match: family('qwen2.5', 'qwen-2.5', 'qwen2_5'),
    capabilities: {
      toolCalling: 'native',
      parallelToolCalls: true,
      systemPrompt: 'native',
      imageInput: false,
      contextWindow: 32_768,
      reasoning: false,
    },
    emulation: 'tags',
    source: 'https://qwen.readthedocs.io/en/latest/framework/function_call.html',
  },
  {
    match: family('qwen2.5-vl', 'qwen2.5vl', 'qwen-2.5-vl'),
    capabilities: { toolCalling: 'unknown', imageInput: true },
    emulation: 'tags',
    source: 'https://huggingface.co/Qwen/Qwen2.5-VL-7B-Instruct',
  },
  {
    // Qwen3: the same tag format, thinking mode (<think>), 32,768 native context (131,072 with YaRN).
    match: family('qwen3', 'qwen-3'),
    capabilities: {
      toolCalling: 'native',
      parallelToolCalls: true,
      systemPrompt: 'native',
      imageInput: false,
      contextWindow: 32_768,
      reasoning: true,
    },
    emulation: 'tags',
    source: 'https://huggingface.co/Qwen/Qwen3-8B',
  },
  {
    // Mistral 7B v0.3 (Ollama's `mistral`) added function calling; 32K context.
    match: family('mistral'),
    capabilities: {
      toolCalling: 'native',
      systemPrompt: 'native',
      imageInput: false,
      contextWindow: 32_768,
      reasoning: false,
    },
    source: 'https://ollama.com/library/mistral',
  },
  {
    match: family('mistral-nemo'),
    capabilities: { toolCalling: 'native', contextWindow: 131_072 },
    source: 'https://ollama.com/library/mistral-nemo',
  },
  {
    match: family('mistral-small'),
    capabilities: { toolCalling: 'native', contextWindow: 'unknown' },
    source: 'https://ollama.com/library/mistral-small',
  },
  {
    match: family('mistral-large'),
    capabilities: { toolCalling: 'native', contextWindow: 131_072 },
    source: 'https://ollama.com/library/mistral-large',
  },
  {
    match: [...family('deepseek-v3', 'deepseek-chat'), 'deepseek:deepseek-chat'],
    capabilities: {
      toolCalling: 'native',
      systemPrompt: 'native',
      imageInput: false,
      contextWindow: 131_072,
      reasoning: false,
    },
    source: 'https://api-docs.deepseek.com/guides/function_calling',
  },
  {
    // R1 as first released had no function calling (R1-0528 added it; many served builds predate it).
    match: [...family('deepseek-r1', 'deepseek-reasoner'), 'deepseek:deepseek-reasoner'],
    capabilities: {
      toolCalling: 'unknown',
      systemPrompt: 'native',
      imageInput: false,
      contextWindow: 131_072,
      reasoning: true,
    },
    emulation: 'tags',
    source: 'https://api-docs.deepseek.com/guides/reasoning_model',
  },
  {
    // Gemma has no system role (its template folds system text into the first user turn; the
    // Gemini API refuses a system instruction for it) and no tool-call tokens.
    match: [...family('gemma'), 'gemini:gemma*', 'google:gemma*'],
    capabilities: {
      toolCalling: 'none',
      systemPrompt: 'merge-into-user',
      imageInput: false,
      contextWindow: 8192,
      reasoning: false,
    },
    source: 'https://ai.google.dev/gemma/docs/core/prompt-structure',
  },
  {
    match: [...family('gemma3', 'gemma-3'), 'gemini:gemma-3*', 'google:gemma-3*'],
    capabilities: { toolCalling: 'none', systemPrompt: 'merge-into-user', imageInput: true, contextWindow: 131_072 },
    source: 'https://ai.google.dev/gemma/docs/core/model_card_3',
  },
  {
    match: [...family('gemma3:1b', 'gemma-3-1b'), 'gemini:gemma-3-1b*', 'google:gemma-3-1b*'],
    capabilities: { imageInput: false, contextWindow: 32_768 },
    source: 'https://ai.google.dev/gemma/docs/core/model_card_3',
  },
  {
    match: family('phi3', 'phi-3'),
    capabilities: {
      toolCalling: 'none',
      systemPrompt: 'native',
      imageInput: false,
      contextWindow: 'unknown',
      reasoning: false,
    },
    source: 'https://huggingface.co/microsoft/Phi-3-mini-128k-instruct',
  },
  {
    match: family('phi4', 'phi-4'),
    capabilities: {
      toolCalling: 'none',
      systemPrompt: 'native',
      imageInput: false,
      contextWindow: 16_384,
      reasoning: false,
    },
    source: 'https://huggingface.co/microsoft/phi-4',
  },
  {
    // Phi-4-mini was trained for function calling; 128K context.
    match: family('phi4-mini', 'phi-4-mini'),
    capabilities: { toolCalling: 'native', contextWindow: 131_072 },
    source: 'https://huggingface.co/microsoft/Phi-4-mini-instruct',
  },
];
