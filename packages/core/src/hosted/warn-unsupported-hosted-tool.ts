import type { HostedTool } from '../ir/hosted-tool';
import type { Warning } from '../ir/warning';

/**
 * The warning a codec gives for a hosted tool its provider (or this model) cannot run: the tool
 * is left out of the request, never silently.
 */
export function warnUnsupportedHostedTool(tool: HostedTool, index: number, provider: string, why?: string): Warning {
  return {
    type: 'unsupported',
    feature: `tools[${index}]`,
    message: `A hosted "${tool.kind}" tool has no equivalent on ${provider}${why === undefined ? '' : ` (${why})`}; it was left out.`,
  };
}
