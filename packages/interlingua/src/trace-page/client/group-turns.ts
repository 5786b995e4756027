import type { TraceLine } from '../../trace/trace-line-schema';

/** A turn of a chat (from the user's message to its run total) or one client request of a gateway. */
export type Turn = {
  /** `turn` in an agent trace, `request` in a gateway trace. */
  kind: 'turn' | 'request';
  index: number;
  /** The user's message that opened it ('' when the trace does not hold one). */
  user: string;
  /** The request id, for a gateway request. */
  requestId?: string;
  /** Its lines, in file order. */
  lines: TraceLine[];
};

/** The text of the last message of an IR request when it is the user's, else `undefined`. */
export function lastUserText(ir: unknown): string | undefined {
  const messages = (ir as { messages?: unknown } | undefined)?.messages;
  if (!Array.isArray(messages)) return undefined;
  const last = messages.at(-1) as { role?: unknown; content?: unknown } | undefined;
  if (last?.role !== 'user') return undefined;
  return textOf(last.content);
}

/** The text parts of a message's content (a string, or parts with `text`), joined. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { text?: unknown; parts?: unknown }) =>
      typeof part?.text === 'string' ? part.text : Array.isArray(part?.parts) ? textOf(part.parts) : '',
    )
    .filter((text) => text !== '')
    .join(' ');
}

/** The user's text of a client's request body, any of the three formats (the last user message). */
function inboundUserText(body: unknown): string {
  const { messages, contents } = (body ?? {}) as { messages?: unknown; contents?: unknown };
  const list = Array.isArray(messages) ? messages : Array.isArray(contents) ? contents : [];
  const user = [...list].reverse().find((message: { role?: unknown }) => message?.role === 'user') as
    | { content?: unknown; parts?: unknown }
    | undefined;
  return user === undefined ? '' : textOf(user.content ?? user.parts);
}

/**
 * Groups the lines into turns, each with the user's message. An agent trace: a turn opens at a
 * model call whose request ends with a user message and closes with its run total; lines between
 * turns (the MCP handshake) belong to none. A gateway trace: one group per client request, its
 * lines together even when requests overlapped. Returns the groups and the lines of none, in order
 * of their first line.
 */
export function groupTurns(lines: readonly TraceLine[]): (Turn | TraceLine)[] {
  const out: (Turn | TraceLine)[] = [];
  const requests = new Map<string, Turn>();
  let open: Turn | undefined;
  let closed = true;
  let turns = 0;
  for (const line of lines) {
    const requestId = 'requestId' in line && typeof line.requestId === 'string' ? line.requestId : undefined;
    if (line.type === 'gateway-request' || (requestId !== undefined && requests.has(requestId))) {
      const id = requestId as string;
      let turn = requests.get(id);
      if (turn === undefined) {
        const user = inboundUserText(line.type === 'gateway-request' ? line.body : undefined);
        turn = { kind: 'request', index: requests.size + 1, user, requestId: id, lines: [] };
        requests.set(id, turn);
        out.push(turn);
      }
      turn.lines.push(line);
      if (line.type === 'model-request' && turn.user === '') turn.user = lastUserText(line.ir) ?? '';
      continue;
    }
    if (line.type === 'model-request' && line.attempt === 1) {
      const user = lastUserText(line.ir);
      if (user !== undefined && closed) {
        open = { kind: 'turn', index: ++turns, user, lines: [] };
        closed = false;
        out.push(open);
      }
    }
    if (open !== undefined && !closed) {
      open.lines.push(line);
      // A run total closes its turn.
      if (line.type === 'run-finish') closed = true;
    } else out.push(line);
  }
  return out;
}
