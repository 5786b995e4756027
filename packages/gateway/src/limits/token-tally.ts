/** Tokens counted for an image or file part, whatever its size (providers charge roughly this for an image). */
export const MEDIA_TOKENS = 1_000;

/** A running count of tokens, estimated without a tokenizer (see {@link createTokenTally}). */
export type TokenTally = {
  /** Counts a text; a text split in pieces counts as it would whole. */
  add(text: string): void;
  /** Counts an image or file part ({@link MEDIA_TOKENS}). */
  addMedia(): void;
  /** The estimate so far. */
  readonly tokens: number;
};

// The characters counted one token each (CJK symbols and punctuation through the unified ideographs).
const CJK = /[\u3000-\u9fff]/;

/**
 * The gateway's one token estimator: about 4 characters per token, one per CJK character, and
 * {@link MEDIA_TOKENS} per image or file. It prices the prompt before a call (the `tpm`
 * reservation, `count_tokens`, `message_start`) and the output a client was sent when a stream
 * ends before the backend reported its usage.
 */
export function createTokenTally(): TokenTally {
  return new CharacterTally();
}

// A class, not a literal with a getter: each such literal makes an old-generation `AccessorPair` (see NodeGatewayRequest).
class CharacterTally implements TokenTally {
  private characters = 0;
  private cjk = 0;
  private media = 0;

  add(text: string): void {
    this.characters += text.length;
    // The regex scans natively: most texts (every schema, most prompts) hold no CJK at all.
    if (!CJK.test(text)) return;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code >= 0x3000 && code <= 0x9fff) this.cjk++;
    }
  }

  addMedia(): void {
    this.media++;
  }

  get tokens(): number {
    return this.cjk + Math.ceil((this.characters - this.cjk) / 4) + this.media * MEDIA_TOKENS;
  }
}
