import { createRedactor } from './create-redactor';

// Bounds on the walk: a cause chain and an error body are small; a cycle or a huge body is not followed.
const MAX_DEPTH = 8;
const MAX_NODES = 2_000;

/**
 * Redacts an error in place, with its whole `cause` chain, and returns it: every message and
 * stack, and every string inside their own properties (an SDK error's parsed body, an
 * `APICallError`'s `responseBody`), passes through {@link createRedactor} — so no URL with
 * credentials, configured secret or key-shaped value survives in the error, in `error.cause`, or
 * in what `util.inspect` or `JSON.stringify` print of them. Objects that are neither plain data
 * nor errors (`Headers`, sockets, buffers) are left alone.
 *
 * Adapters call it on every error they raise, with the API key they were configured with.
 *
 * @example
 * throw redactError(mapOpenAIError(thrown), [client.apiKey]);
 */
export function redactError<E>(error: E, secrets: readonly (string | null | undefined)[] = []): E {
  const redact = createRedactor(secrets);
  const seen = new Set<object>();
  const visit = (value: object, depth: number): void => {
    if (seen.has(value) || seen.size >= MAX_NODES || depth > MAX_DEPTH) return;
    seen.add(value);
    const keys = new Set(Object.keys(value));
    if (value instanceof Error)
      for (const key of ['message', 'stack', 'cause']) if (Object.hasOwn(value, key)) keys.add(key);
    for (const key of keys) {
      let child: unknown;
      try {
        child = (value as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      if (typeof child === 'string') {
        const redacted = redact(child);
        if (redacted !== child) assign(value, key, redacted);
      } else if (typeof child === 'object' && child !== null && isWalkable(child)) visit(child, depth + 1);
    }
  };
  if (typeof error === 'object' && error !== null) visit(error, 0);
  return error;
}

function isWalkable(value: object): boolean {
  if (Array.isArray(value) || value instanceof Error) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

// A frozen object or a getter without a setter keeps its value: redaction must never throw.
function assign(target: object, key: string, value: string): void {
  try {
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (descriptor !== undefined && 'value' in descriptor && descriptor.writable !== true) {
      if (descriptor.configurable === true) Object.defineProperty(target, key, { ...descriptor, value });
      return;
    }
    (target as Record<string, unknown>)[key] = value;
  } catch {
    // Left as it was.
  }
}
