import type { TraceLine } from '../../trace/trace-line-schema';
import type { LegKind } from './describe-leg';

type Response = Extract<TraceLine, { type: 'model-response' }>;

/** The figures the header, the filters and the usage table share, so they never disagree. */
export type TraceSummary = {
  /** A gateway's trace (it holds gateway exchanges and no agent run). */
  gateway: boolean;
  /** What each filter counts: MCP frames, model calls (one per attempt), tool calls, run totals, client requests. */
  counts: Record<LegKind, number>;
  /** Every model call's answer, failed ones included. */
  responses: Response[];
  tokens: { input: number; output: number; cached: number };
  servers: string[];
  models: string[];
};

/** Counts one thing once: a model call is its response line, a tool call its call line, a gateway exchange its request. */
export function summarizeTrace(lines: readonly TraceLine[]): TraceSummary {
  const counts: Record<LegKind, number> = { mcp: 0, model: 0, tool: 0, run: 0, gateway: 0 };
  const responses: Response[] = [];
  const tokens = { input: 0, output: 0, cached: 0 };
  const servers = new Set<string>();
  const models = new Set<string>();
  for (const line of lines) {
    switch (line.type) {
      case 'mcp':
        counts.mcp++;
        servers.add(line.server);
        break;
      case 'model-request':
        if (line.call !== null) models.add(`${line.provider}:${line.model}`);
        break;
      case 'model-response':
        counts.model++;
        responses.push(line);
        tokens.input += line.usage?.inputTokens ?? 0;
        tokens.output += line.usage?.outputTokens ?? 0;
        tokens.cached += line.usage?.cachedInputTokens ?? 0;
        break;
      case 'tool-call':
        counts.tool++;
        break;
      case 'run-finish':
        counts.run++;
        break;
      case 'gateway-request':
        counts.gateway++;
        break;
      default:
        break;
    }
  }
  return {
    gateway: counts.gateway > 0 && counts.run === 0,
    counts,
    responses,
    tokens,
    servers: [...servers],
    models: [...models],
  };
}
