import type { JSONObject } from '@interlingua/core';
import { type GeminiPartialArg, PartialArgsAssembler } from './assemble-gemini-partial-args';
import type { GeminiParsedChunkPart, GeminiParsedPart } from './gemini-api';

type ChunkFunctionCall = NonNullable<GeminiParsedChunkPart['functionCall']>;

/**
 * The function calls of one stream whose arguments Vertex AI sends in pieces
 * (`toolConfig.functionCallingConfig.streamFunctionCallArguments`): a first part with the name
 * and `willContinue: true`, then parts with `partialArgs` and no name, until a part without
 * `willContinue: true`. `take` is handed every part of the stream in order and gives back the
 * part to decode: any other part as it is, a streamed call only once its last piece arrived —
 * as the one whole `functionCall` Gemini sends without streaming, so the call decodes exactly
 * as it would have (id, thought signature, arguments). A piece of a call names no function, so
 * a part that breaks the sequence (a piece with no call open, another function or a text part
 * while one is open, a path that cannot be read) is a problem, reported as a message.
 *
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling#streaming-fc
 */
export class StreamedGeminiCalls {
  private current: OpenCall | undefined;
  /** Whether the last part `take` gave back was a call put together from pieces. */
  assembled = false;

  /** The name of the call still waiting for pieces, if any. */
  get open(): string | undefined {
    return this.current?.name;
  }

  /** The call still waiting for pieces, as far as it came (the pieces of its last part included). */
  get openCall(): OpenCallView | undefined {
    return this.current;
  }

  /** The part to decode, `undefined` when the part was a piece kept for later, or a problem. */
  take(part: GeminiParsedChunkPart): GeminiParsedPart | undefined | string {
    this.assembled = false;
    const functionCall = part.functionCall;
    if (functionCall === undefined) {
      if (this.current === undefined) return part as GeminiParsedPart;
      // Gemini's usual empty closing text part may come beside the last piece.
      if (part.text === '' && part.thoughtSignature === undefined) return undefined;
      return `Expected the next piece of the call to "${this.current.name}" (its last part said willContinue: true), got a part without a functionCall.`;
    }
    if (this.current === undefined && functionCall.willContinue !== true && functionCall.partialArgs === undefined) {
      if (functionCall.name === undefined) return unnamed;
      return part as GeminiParsedPart;
    }
    let call = this.current;
    if (call === undefined) {
      if (functionCall.name === undefined) return unnamed;
      call = new OpenCall(functionCall.name, functionCall.args as JSONObject | undefined);
    }
    const problem = call.add(part, functionCall);
    if (problem !== undefined) return problem;
    if (functionCall.willContinue === true) {
      this.current = call;
      return undefined;
    }
    this.current = undefined;
    this.assembled = true;
    return call.toPart();
  }
}

const unnamed =
  'Expected a functionCall with a name (or the next piece of a call whose last part said willContinue: true), got one without a name.';

/** What the stream decoder reads of a call whose pieces are still coming. */
export type OpenCallView = {
  readonly name: string;
  /** The id the API gave the call, once a piece carried one. */
  readonly id: string | undefined;
  /** The arguments put together so far. */
  readonly args: JSONObject;
  /** The pieces of the call's last part. */
  readonly pieces: readonly GeminiPartialArg[];
};

class OpenCall implements OpenCallView {
  private readonly assembler: PartialArgsAssembler;
  id: string | undefined;
  pieces: readonly GeminiPartialArg[] = [];
  private signature: string | undefined;

  get args(): JSONObject {
    return this.assembler.args;
  }

  constructor(
    readonly name: string,
    args: JSONObject | undefined,
  ) {
    this.assembler = new PartialArgsAssembler(args);
  }

  add(part: GeminiParsedChunkPart, call: ChunkFunctionCall): string | undefined {
    if (call.name !== undefined && call.name !== this.name) {
      return `Expected the next piece of the call to "${this.name}", got a functionCall to "${call.name}" before that call ended (a part without willContinue: true).`;
    }
    if (call.id !== undefined && call.id !== '') this.id ??= call.id;
    if (part.thoughtSignature !== undefined) this.signature ??= part.thoughtSignature;
    this.pieces = call.partialArgs ?? [];
    return this.assembler.add(this.pieces);
  }

  // The whole call, as the one part Gemini sends when it does not stream the arguments.
  toPart(): GeminiParsedPart {
    return {
      functionCall: { name: this.name, args: this.assembler.args, ...(this.id === undefined ? {} : { id: this.id }) },
      ...(this.signature === undefined ? {} : { thoughtSignature: this.signature }),
    };
  }
}
