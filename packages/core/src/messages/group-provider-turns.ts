import { InvalidRequestError } from '../errors/invalid-request-error';
import type { AssistantMessage, Message, ToolMessage, UserMessage } from '../ir/message';

/** One turn of a provider's alternating history: the user's side or the model's. */
export type ProviderTurn<UserBlock, AssistantBlock> =
  | { role: 'user'; content: UserBlock[] }
  | { role: 'assistant'; content: AssistantBlock[] };

/**
 * How {@link groupProviderTurns} converts each IR message, and the provider's rules for joining them.
 * Each converter returns a fresh array: it becomes the content of the turn it opens (and later
 * messages' blocks are appended to it), so it must not be shared or reused by the caller.
 */
export type GroupProviderTurnsOptions<UserBlock, AssistantBlock, Turn = ProviderTurn<UserBlock, AssistantBlock>> = {
  /** The blocks of a `user` message; `index` is its place in the history (for paths in errors and warnings). */
  convertUser: (message: UserMessage, index: number) => UserBlock[];
  /** The blocks of a `tool` message; `previous` is the last assistant message before it (the calls it answers). */
  convertTool: (message: ToolMessage, index: number, previous: AssistantMessage | undefined) => UserBlock[];
  /** The blocks of an `assistant` message; none leaves the message out (providers reject empty model turns). */
  convertAssistant: (message: AssistantMessage, index: number) => AssistantBlock[];
  /**
   * Tool results lead their user turn, before user content that came earlier in it (Anthropic, and
   * Bedrock's Converse, reject text before a `tool_result`); otherwise blocks keep the history's order.
   */
  toolResultsFirst: boolean;
  /**
   * A user or tool message with no blocks still opens a user turn, sent empty for the provider to
   * judge; otherwise it is left out like an empty assistant message.
   */
  keepEmptyUserTurns: boolean;
  /**
   * Builds a turn in the provider's own shape around its blocks (later messages' blocks are still
   * appended to that array), so the caller needs no second pass; default `{ role, content }`.
   */
  createTurn?: TurnFactory<UserBlock, AssistantBlock, Turn>;
};

/** Builds one provider turn around the array of its blocks. */
export type TurnFactory<UserBlock, AssistantBlock, Turn> = {
  user: (blocks: UserBlock[]) => Turn;
  assistant: (blocks: AssistantBlock[]) => Turn;
};

function defaultTurns<UserBlock, AssistantBlock>(): TurnFactory<
  UserBlock,
  AssistantBlock,
  ProviderTurn<UserBlock, AssistantBlock>
> {
  return { user: (content) => ({ role: 'user', content }), assistant: (content) => ({ role: 'assistant', content }) };
}

/**
 * Groups an IR history into a provider's alternating turns: `tool` and `user` messages become one
 * user turn (tool results and the user content around them share it), consecutive assistant
 * messages one model turn. Each message is converted by the caller's functions; where providers
 * differ (the order of results in a turn, empty turns) the options say which rule applies.
 *
 * @example
 * const turns = groupProviderTurns(request.messages, {
 *   convertUser: (message) => message.content.map(toWireBlock),
 *   convertTool: (message) => message.content.map(toWireResult),
 *   convertAssistant: (message) => message.content.map(toWireBlock),
 *   toolResultsFirst: true,
 *   keepEmptyUserTurns: false,
 * });
 */
export function groupProviderTurns<UserBlock, AssistantBlock, Turn = ProviderTurn<UserBlock, AssistantBlock>>(
  messages: readonly Message[],
  options: GroupProviderTurnsOptions<UserBlock, AssistantBlock, Turn>,
): Turn[] {
  const createTurn = (options.createTurn ?? defaultTurns()) as TurnFactory<UserBlock, AssistantBlock, Turn>;
  const turns: Turn[] = [];
  // The blocks of the last turn, by its role (one is set while that kind of turn is being built),
  // and how many tool results lead the user turn's blocks.
  let userBlocks: UserBlock[] | undefined;
  let assistantBlocks: AssistantBlock[] | undefined;
  let results = 0;
  let previous: AssistantMessage | undefined;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as Message;
    switch (message.role) {
      case 'user':
      case 'tool': {
        const isTool = message.role === 'tool';
        const blocks = isTool ? options.convertTool(message, index, previous) : options.convertUser(message, index);
        if (userBlocks === undefined) {
          if (blocks.length === 0 && !options.keepEmptyUserTurns) break;
          // The first message's blocks become the turn's content: no copy (the converters return
          // fresh arrays).
          userBlocks = blocks;
          assistantBlocks = undefined;
          turns.push(createTurn.user(blocks));
          results = isTool ? blocks.length : 0;
          break;
        }
        if (isTool && options.toolResultsFirst && results < userBlocks.length) {
          userBlocks.splice(results, 0, ...blocks);
        } else {
          // A loop, not a spread: no arguments list as long as the blocks.
          for (const block of blocks) userBlocks.push(block);
        }
        if (isTool) results += blocks.length;
        break;
      }
      case 'assistant': {
        previous = message;
        const blocks = options.convertAssistant(message, index);
        if (blocks.length === 0) break;
        if (assistantBlocks !== undefined) for (const block of blocks) assistantBlocks.push(block);
        else {
          assistantBlocks = blocks;
          userBlocks = undefined;
          turns.push(createTurn.assistant(blocks));
        }
        break;
      }
      default: {
        const exhaustive: never = message;
        throw new InvalidRequestError({
          message: `Expected a user, assistant or tool message, got ${JSON.stringify(exhaustive)}.`,
        });
      }
    }
  }
  return turns;
}
