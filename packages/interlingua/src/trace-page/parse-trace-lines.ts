import { formatSchemaIssues } from '@interlingua/core/adapter';
import { type TraceLine, traceLineSchema } from '../trace/trace-line-schema';

/** A line of a trace file that is not a valid trace line, and why. */
export type TraceProblem = { line: number; message: string };

/** What a chunk of a trace file holds. */
export type ParsedTraceChunk = { lines: TraceLine[]; problems: TraceProblem[] };

/**
 * Parses complete lines of a trace file (`text` must end at a line end), numbering them from
 * `firstLine`. Total: a line that is not JSON, or not a trace line of this version, becomes a
 * problem naming the line and what was wrong; it never throws.
 */
export function parseTraceLines(text: string, firstLine = 1): ParsedTraceChunk {
  const lines: TraceLine[] = [];
  const problems: TraceProblem[] = [];
  const rows = text.split('\n');
  if (rows.at(-1) === '') rows.pop();
  rows.forEach((row, index) => {
    const line = firstLine + index;
    if (row.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(row);
    } catch {
      problems.push({ line, message: `Expected a JSON object, got ${JSON.stringify(row.slice(0, 40))}.` });
      return;
    }
    const parsed = traceLineSchema.safeParse(value);
    if (parsed.success) lines.push(parsed.data);
    else problems.push({ line, message: `Expected a trace line: ${formatSchemaIssues(parsed.error.issues)}` });
  });
  return { lines, problems };
}
