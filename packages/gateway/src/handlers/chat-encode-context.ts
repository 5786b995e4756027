import type { EncodeContext } from '../formats/inbound-format';

/**
 * A chat call's {@link EncodeContext}: its prompt estimate is counted only if a format reads it
 * (a class: a prototype getter, not an object literal's own, which would put an `AccessorPair`
 * in the old generation per request).
 */
export class ChatEncodeContext implements EncodeContext {
  /** Unix seconds now. */
  readonly created = Math.floor(Date.now() / 1000);

  constructor(
    readonly requestId: string,
    readonly model: string,
    readonly body: unknown,
    private readonly estimate: { readonly tokens: number },
  ) {}

  get inputTokensEstimate(): number {
    return this.estimate.tokens;
  }
}
