import type { Tool } from '@interlingua/core';

/** One tool found by a search, best first. */
export type FoundTool = { name: string; description: string };

// Words of a name or text: `get_weather`, `getWeather` and `get-weather` all give "get", "weather".
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

// What a search reads of a tool: its name (counted twice), description, and argument names and descriptions.
function searchTextOf(tool: Tool): { name: string[]; rest: string } {
  const properties = tool.inputSchema.properties;
  const argumentText =
    typeof properties === 'object' && properties !== null && !Array.isArray(properties)
      ? Object.entries(properties)
          .map(([key, value]) => {
            const description =
              typeof value === 'object' && value !== null && !Array.isArray(value) ? value.description : undefined;
            return `${key} ${typeof description === 'string' ? description : ''}`;
          })
          .join(' ')
      : '';
  return { name: wordsOf(tool.name), rest: `${tool.name} ${tool.description} ${argumentText}`.toLowerCase() };
}

/**
 * Finds deferred tools for a query: each query word found in a tool's name scores 2, in its
 * description or arguments 1 (a substring match, so "weather" finds "weather_forecast" and CJK
 * text matches without word breaks); tools that score are returned best first, ties in list order.
 */
export function searchDeferredTools(tools: readonly Tool[], query: string, limit: number): FoundTool[] {
  const words = wordsOf(query);
  if (words.length === 0) return [];
  const scored = tools.map((tool, index) => {
    const text = searchTextOf(tool);
    let score = 0;
    for (const word of words) {
      if (text.name.some((part) => part === word || part.includes(word))) score += 2;
      else if (text.rest.includes(word)) score += 1;
    }
    return { tool, index, score };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map(({ tool }) => ({ name: tool.name, description: tool.description }));
}
