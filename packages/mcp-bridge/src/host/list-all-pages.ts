import { InvalidResponseError } from '@interlingua/core';

/** The default bound on pages fetched for one list (tools, resources, prompts). */
export const DEFAULT_MAX_LIST_PAGES = 100;

/**
 * Fetches every page of a paginated MCP list by following `nextCursor`.
 * Throws an `InvalidResponseError` when a cursor repeats (a server that would loop forever) or
 * when more than `maxPages` pages arrive.
 */
export async function listAllPages<T>(
  what: string,
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | undefined }>,
  maxPages: number = DEFAULT_MAX_LIST_PAGES,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    if (result.nextCursor === undefined) return items;
    if (seen.has(result.nextCursor)) {
      throw new InvalidResponseError({
        message: `${what}: expected a new cursor on each page, got ${JSON.stringify(result.nextCursor)} again after ${page} pages.`,
      });
    }
    if (page >= maxPages) {
      throw new InvalidResponseError({
        message: `${what}: expected at most ${maxPages} pages, got a cursor for page ${page + 1}.`,
      });
    }
    seen.add(result.nextCursor);
    cursor = result.nextCursor;
  }
}
