import { GeminiCodeIds } from './convert-gemini-hosted-parts';
import type { GeminiParsedPart } from './gemini-api';
import { synthesizeGeminiCallId } from './synthesize-gemini-call-id';

/** Numbers the function calls of one response and gives each its id. */
export class CallIds {
  count = 0;
  /** Ids of the code the model ran (`executableCode` parts). */
  readonly code = new GeminiCodeIds();
  private readonly used = new Set<string>();
  constructor(
    /** The response's `responseId`; in a stream, set from each chunk as it arrives. */
    public responseId: string | undefined,
    private readonly reserved: { has(id: string): boolean } | undefined,
  ) {}

  next(call: NonNullable<GeminiParsedPart['functionCall']>): string {
    const index = this.count++;
    if (call.id !== undefined && call.id !== '') {
      this.used.add(call.id);
      return call.id;
    }
    const reserved = this.reserved;
    const taken = reserved === undefined ? this.used : { has: (id: string) => this.used.has(id) || reserved.has(id) };
    const id = synthesizeGeminiCallId(
      { responseId: this.responseId, name: call.name, args: call.args ?? {}, index },
      taken,
    );
    this.used.add(id);
    return id;
  }
}
