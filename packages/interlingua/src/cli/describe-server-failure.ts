/** The most lines of a failed MCP server's stderr the CLI shows (the bridge keeps the last 4 KB). */
const MAX_STDERR_LINES = 8;

/**
 * A failed MCP server's error as the CLI prints it: the reason on one line, whole, then the last
 * lines of the server's stderr (which the bridge adds to a start-up error), each indented under it.
 */
export function describeServerFailure(error: Error | undefined): { reason: string; stderr: string[] } {
  const [first = 'unknown error', ...rest] = (error?.message ?? 'unknown error').split('\n');
  const marker = rest.indexOf('Last lines of its stderr:');
  const lines = marker === -1 ? rest : rest.slice(marker + 1);
  const stderr = lines.filter((line) => line.trim() !== '').slice(-MAX_STDERR_LINES);
  return { reason: first, stderr };
}
