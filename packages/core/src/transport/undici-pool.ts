import type { Pool as UndiciPool } from 'undici';
// undici publishes declarations for its entry only; these modules' exports are the entry's own
// (`Pool`, the `Dispatcher` base class, and the `request`/`stream`/… methods the entry puts on it).
// @ts-expect-error no declarations for undici's lib/ files
import requestApi from 'undici/lib/api/index.js';
// @ts-expect-error no declarations for undici's lib/ files
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
// @ts-expect-error no declarations for undici's lib/ files
import PoolModule from 'undici/lib/dispatcher/pool.js';
// What undici's entry does on load, kept: its Agent becomes the process's global dispatcher, which
// Node's own `fetch` (the SDK transports') then sends through. Without it, Node 20's bundled undici
// leaves a POST whose connection is dropped before any answer pending for ever
// (gemini-lean-transport.test.ts, "a connection dropped before any answer").
import 'undici/lib/global.js';

// What undici's entry does on load: every dispatcher gets `request()` and the other API methods.
Object.assign((Dispatcher as { prototype: object }).prototype, requestApi);

/**
 * undici's `Pool` class, loaded without undici's entry: `import { Pool } from 'undici'` also
 * evaluates `fetch`, `WebSocket`, `EventSource`, the cache and mock agents and their web-stream
 * helpers (~7 MB of RSS and ~3 MB of live heap in the serving process, 110 modules instead of 32),
 * none of which a lean transport uses. It is the very class the entry exports (the same file's
 * `module.exports`, one module instance either way). Issue 33, memory.
 */
export const Pool = PoolModule as typeof UndiciPool;
/** An instance of {@link Pool}. */
export type Pool = UndiciPool;
