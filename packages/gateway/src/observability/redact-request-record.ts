import type { Warning } from '@interlingua/core';
import type { RequestRecord } from '../http/gateway-exchange';

/** The warnings with their feature and message redacted (they quote the request: tool names, settings). */
export function redactWarnings(warnings: readonly Warning[], redact: (text: string) => string): Warning[] {
  return warnings.map((warning) => {
    const feature = redact(warning.feature);
    const message = redact(warning.message);
    return feature === warning.feature && message === warning.message ? warning : { ...warning, feature, message };
  });
}

/**
 * Redacts, in place, every field of a request's record that holds what the caller chose — the
 * model name (from the body or a Gemini path), the path, a `provider:model` backend, the
 * backend's model, warnings, the error and budget messages — before the record becomes a log
 * line, metric labels, span attributes or a trace entry. A caller may type a secret into any of
 * them (the master key as a model name); none of it may reach an operator's logs.
 */
export function redactRequestRecord(record: RequestRecord, redact: (text: string) => string): void {
  if (record.model !== undefined) record.model = redact(record.model);
  record.path = redact(record.path);
  if (record.backend !== undefined) record.backend = redact(record.backend);
  if (record.fallback !== undefined) record.fallback = redact(record.fallback);
  if (record.backendModel !== undefined) record.backendModel = redact(record.backendModel);
  if (record.budgetWarning !== undefined) record.budgetWarning = redact(record.budgetWarning);
  if (record.error !== undefined) record.error = { ...record.error, message: redact(record.error.message) };
  if (record.warnings.length > 0) record.warnings = redactWarnings(record.warnings, redact);
}
