/** A setting a provider could not honour as asked. Never a silent drop. */
export type Warning = {
  /** `unsupported`: ignored; `degraded`: honoured approximately; `other`: anything else worth saying. */
  type: 'unsupported' | 'degraded' | 'other';
  /** The setting or feature concerned, e.g. `topP`, `toolChoice`, `tools[2].inputSchema.pattern`. */
  feature: string;
  /** What happened, in a sentence. */
  message: string;
};
