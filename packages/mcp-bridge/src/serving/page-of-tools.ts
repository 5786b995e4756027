import { ProtocolError } from '@modelcontextprotocol/server';

const PREFIX = 'interlingua-tools:';

/**
 * One page of a list (`tools/list`, `resources/list`, …): `pageSize` items from the cursor's
 * offset, and the cursor of the next page when there is one. A cursor this server did not hand out
 * is the JSON-RPC error `-32602`.
 */
export function pageOfTools<T>(
  items: readonly T[],
  cursor: string | undefined,
  pageSize: number,
  method = 'tools/list',
): { items: T[]; nextCursor: string | undefined } {
  let offset = 0;
  if (cursor !== undefined) {
    const parsed = cursor.startsWith(PREFIX) ? Number(cursor.slice(PREFIX.length)) : Number.NaN;
    if (!Number.isInteger(parsed) || parsed < 0) {
      throw new ProtocolError(
        -32602,
        `Expected a cursor from an earlier ${method} page, got ${JSON.stringify(cursor)}.`,
      );
    }
    offset = parsed;
  }
  const end = offset + pageSize;
  return { items: items.slice(offset, end), nextCursor: end < items.length ? `${PREFIX}${end}` : undefined };
}
