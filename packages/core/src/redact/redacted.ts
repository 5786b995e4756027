/** What a redacted secret is replaced with. */
export const REDACTED = '[REDACTED]';
