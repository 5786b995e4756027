/**
 * Sets `target[key] = value` as an own data property, also when `key` is `__proto__`, which a
 * plain assignment would take as "change the prototype" (dropping the key and grafting
 * `value` under the object). Use it wherever the key comes from data (a body, a schema, a
 * provider's metadata): keys are data, as `JSON.parse` treats them.
 *
 * @example
 * const out: Record<string, unknown> = {};
 * setOwnProperty(out, '__proto__', { injected: true });
 * Object.keys(out); // ['__proto__'], and Object.getPrototypeOf(out) is still Object.prototype
 */
export function setOwnProperty<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else target[key] = value;
}
