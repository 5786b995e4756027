import type { FinishReason } from '@interlingua/core';
import type { AcmeResponse } from './acme-api';

/** Acme's `end` → the IR finish reason: `done` → stop, `call` → tool_calls, `cap` → length, `blocked` → content_filter. */
export function mapAcmeEnd(end: AcmeResponse['end']): FinishReason {
  switch (end) {
    case 'done':
      return 'stop';
    case 'call':
      return 'tool_calls';
    case 'cap':
      return 'length';
    case 'blocked':
      return 'content_filter';
    default: {
      const exhaustive: never = end;
      return exhaustive;
    }
  }
}

/** The IR finish reason → Acme's `end` (the gateway direction); reasons Acme has no word for are `done`. */
export function convertToAcmeFinishReason(reason: FinishReason): AcmeResponse['end'] {
  if (reason === 'tool_calls') return 'call';
  if (reason === 'length') return 'cap';
  if (reason === 'content_filter' || reason === 'refusal') return 'blocked';
  return 'done';
}
