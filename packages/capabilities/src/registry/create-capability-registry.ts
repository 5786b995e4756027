import { InvalidSettingError, type ModelCapabilities, parseModelId, type Warning } from '@interlingua/core';
import { formatSchemaIssues } from '@interlingua/core/adapter';
import { shippedCapabilities } from '../data/shipped-capabilities';
import type { CapabilityOverrides, CapabilityRow, EmulationFormatName, ProviderApi } from './capability-row';
import { capabilityOverridesSchema } from './capability-row-schema';
import { compileModelPattern, type ModelPattern } from './compile-model-pattern';
import { mergeCapabilities } from './merge-capabilities';
import { unknownCapabilities } from './unknown-capabilities';

/** What the registry knows of one model, and why. */
export type ResolvedCapabilities = {
  /** Every field, `'unknown'` where nothing states it. */
  capabilities: ModelCapabilities;
  /** The emulation format the data prefers for this model, when it states one. */
  emulation: EmulationFormatName | undefined;
  /** The API the data recommends for this model, when its provider has several and the data says. */
  api: ProviderApi | undefined;
  /** The `source` of every row that contributed, least specific first. */
  sources: string[];
};

/** Layers applied on top of the registry's data for one lookup. */
export type ResolveOptions = {
  /** What the adapter itself reports (`ChatModel.capabilities`): above shipped data, below registrations. */
  adapter?: Partial<ModelCapabilities>;
  /** Per-model overrides: above everything, runtime detections included. */
  overrides?: CapabilityOverrides;
};

/** Options of {@link CapabilityRegistry.register}. */
export type RegisterOptions = { emulation?: EmulationFormatName; api?: ProviderApi; source?: string };

/**
 * Capability data plus the user's registrations and what was detected at run time.
 *
 * Precedence, lowest first: shipped rows (most specific pattern wins, field by field), the
 * adapter's own claims, registrations (in order: later wins), runtime detections, per-call overrides.
 */
export type CapabilityRegistry = {
  /** The data rows the registry started from, in order. */
  readonly rows: readonly CapabilityRow[];
  /** The capabilities of `provider:model`, every field possibly `'unknown'`. */
  capabilitiesOf(id: string, overrides?: CapabilityOverrides): ModelCapabilities;
  /** Like `capabilitiesOf`, with the preferred emulation format and the contributing sources. */
  resolve(id: string, options?: ResolveOptions): ResolvedCapabilities;
  /** States capabilities for every model matching `match`; later registrations win over earlier ones and over shipped data. */
  register(match: string | readonly string[], capabilities: CapabilityOverrides, options?: RegisterOptions): void;
  /** Records, for the life of the process, that `provider:model` rejected a tools request. */
  markToolCallingUnsupported(id: string, reason: string): Warning;
  /** Forgets runtime detections (for tests, or after a server was reconfigured). */
  clearDetections(): void;
};

type CompiledRow = { patterns: ModelPattern[]; row: CapabilityRow; index: number };

function compileRow(row: CapabilityRow, index: number): CompiledRow {
  const patterns = (typeof row.match === 'string' ? [row.match] : [...row.match]).map(compileModelPattern);
  return { patterns, row, index };
}

function validateOverrides(capabilities: CapabilityOverrides, what: string): void {
  const result = capabilityOverridesSchema.safeParse(capabilities);
  if (!result.success) {
    throw new InvalidSettingError({
      message: `Expected ${what} to be capability overrides: ${formatSchemaIssues(result.error.issues)}`,
      cause: result.error,
    });
  }
}

function normalizeId(id: string): string {
  const { provider, modelId } = parseModelId(id);
  return `${provider}:${modelId}`.toLowerCase();
}

/**
 * Makes a capability registry over `rows` (the shipped data by default).
 *
 * @example
 * const registry = createCapabilityRegistry();
 * registry.register('ollama:my-finetune*', { toolCalling: 'none', contextWindow: 8192 }, { emulation: 'tags' });
 * registry.capabilitiesOf('ollama:my-finetune:7b').toolCalling; // 'none'
 */
export function createCapabilityRegistry(rows: readonly CapabilityRow[] = shippedCapabilities): CapabilityRegistry {
  const shipped = rows.map(compileRow);
  const registered: CompiledRow[] = [];
  const detected = new Map<string, string>();

  // The shipped rows never change: their merge per model id is computed once.
  const shippedCache = new Map<string, ResolvedCapabilities>();
  function resolveShipped(normalized: string): ResolvedCapabilities {
    const cached = shippedCache.get(normalized);
    if (cached !== undefined) return cached;
    const matches: { specificity: number; compiled: CompiledRow }[] = [];
    for (const compiled of shipped) {
      let specificity = -1;
      for (const pattern of compiled.patterns) {
        if (pattern.specificity > specificity && pattern.test(normalized)) specificity = pattern.specificity;
      }
      if (specificity >= 0) matches.push({ specificity, compiled });
    }
    matches.sort((a, b) => a.specificity - b.specificity || a.compiled.index - b.compiled.index);
    let capabilities = unknownCapabilities;
    let emulation: EmulationFormatName | undefined;
    let api: ProviderApi | undefined;
    const sources: string[] = [];
    for (const { compiled } of matches) {
      capabilities = mergeCapabilities(capabilities, compiled.row.capabilities);
      if (compiled.row.emulation !== undefined) emulation = compiled.row.emulation;
      if (compiled.row.api !== undefined) api = compiled.row.api;
      sources.push(compiled.row.source);
    }
    const resolved = { capabilities, emulation, api, sources };
    if (shippedCache.size >= 1000) shippedCache.clear();
    shippedCache.set(normalized, resolved);
    return resolved;
  }

  // Resolved per call (the gateway: per request), for the few ids a process uses.
  const normalizedIds = new Map<string, string>();
  function normalizeKnownId(id: string): string {
    let normalized = normalizedIds.get(id);
    if (normalized === undefined) {
      normalized = normalizeId(id);
      if (normalizedIds.size >= 1000) normalizedIds.clear();
      normalizedIds.set(id, normalized);
    }
    return normalized;
  }

  function resolve(id: string, options: ResolveOptions = {}): ResolvedCapabilities {
    const normalized = normalizeKnownId(id);
    const base = resolveShipped(normalized);
    // A copy (callers may change what they get back), with the adapter's own statement on top.
    let capabilities = mergeCapabilities(base.capabilities, options.adapter ?? {});
    let emulation = base.emulation;
    let api = base.api;
    const sources = [...base.sources];
    const apply = (row: CapabilityRow) => {
      capabilities = mergeCapabilities(capabilities, row.capabilities);
      if (row.emulation !== undefined) emulation = row.emulation;
      if (row.api !== undefined) api = row.api;
      sources.push(row.source);
    };
    for (const compiled of registered) {
      if (compiled.patterns.some((pattern) => pattern.test(normalized))) apply(compiled.row);
    }
    if (detected.has(normalized)) capabilities = mergeCapabilities(capabilities, { toolCalling: 'none' });
    if (options.overrides !== undefined) capabilities = mergeCapabilities(capabilities, options.overrides);
    return { capabilities, emulation, api, sources };
  }

  return {
    rows,
    resolve,
    capabilitiesOf: (id, overrides) => resolve(id, overrides === undefined ? {} : { overrides }).capabilities,
    register(match, capabilities, options = {}) {
      validateOverrides(capabilities, `the capabilities registered for ${JSON.stringify(match)}`);
      const row: CapabilityRow = {
        match,
        capabilities,
        source: options.source ?? 'registerCapabilities',
        ...(options.emulation === undefined ? {} : { emulation: options.emulation }),
        ...(options.api === undefined ? {} : { api: options.api }),
      };
      registered.push(compileRow(row, registered.length));
    },
    markToolCallingUnsupported(id, reason) {
      detected.set(normalizeId(id), reason);
      return {
        type: 'degraded',
        feature: 'tools',
        message: `${id} rejected native tool calling (${JSON.stringify(reason)}); it is marked toolCalling 'none' for this process and tools are emulated with prompts.`,
      };
    },
    clearDetections: () => detected.clear(),
  };
}
