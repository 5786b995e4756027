/** A line and column, both from 1, as editors count them. */
export type TextPosition = { line: number; column: number };

/** A parsed JSONC document and where each of its values sits. */
export type ParsedJsonc = {
  value: unknown;
  /** Where the value at `path` starts (for an object member: its key), or undefined. */
  locate(path: readonly (string | number)[]): TextPosition | undefined;
};

/** A JSONC syntax error at a line and column. */
export class JsoncSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: TextPosition,
  ) {
    super(message);
    this.name = 'JsoncSyntaxError';
  }
}

const MAX_DEPTH = 256;

/**
 * Parses JSON with comments (`//`, `/* *\/`) and trailing commas, as VS Code's `mcp.json` is
 * written, and remembers where each value sits. Total: malformed text is a
 * {@link JsoncSyntaxError} at a line and column; nesting deeper than 256 is refused; a
 * `__proto__` key is an ordinary own property.
 */
export function parseJsonc(text: string): ParsedJsonc {
  const offsets = new Map<string, number>();
  let index = 0;

  const positionOf = (offset: number): TextPosition => {
    let line = 1;
    let start = 0;
    for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
      line++;
      start = at + 1;
    }
    return { line, column: offset - start + 1 };
  };
  const fail = (message: string, offset = index): never => {
    throw new JsoncSyntaxError(message, positionOf(offset));
  };
  const found = () => (index >= text.length ? 'the end of the file' : JSON.stringify(text[index]));

  const skip = () => {
    while (index < text.length) {
      const char = text[index];
      if (char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\uFEFF') index++;
      else if (char === '/' && text[index + 1] === '/') {
        while (index < text.length && text[index] !== '\n') index++;
      } else if (char === '/' && text[index + 1] === '*') {
        const end = text.indexOf('*/', index + 2);
        if (end === -1) fail('Expected `*/` to close the comment, got the end of the file.');
        index = end + 2;
      } else return;
    }
  };

  const parseString = (): string => {
    const start = index;
    index++;
    while (index < text.length && text[index] !== '"') {
      if (text[index] === '\\') index++;
      else if (text.charCodeAt(index) < 0x20) fail('Expected a closing `"`, got a line break inside a string.');
      index++;
    }
    if (index >= text.length) fail('Expected a closing `"`, got the end of the file.', start);
    index++;
    try {
      return JSON.parse(text.slice(start, index)) as string;
    } catch {
      return fail('Expected a valid string escape.', start);
    }
  };

  const parseValue = (path: (string | number)[], depth: number): unknown => {
    skip();
    if (depth > MAX_DEPTH) fail(`Expected at most ${MAX_DEPTH} levels of nesting.`);
    const char = text[index];
    if (char === '{') return parseObject(path, depth);
    if (char === '[') return parseArray(path, depth);
    if (char === '"') return parseString();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(index, index + 64),
    );
    if (literal === null) return fail(`Expected a value, got ${found()}.`);
    index += literal[0].length;
    return JSON.parse(literal[0]) as unknown;
  };

  const parseObject = (path: (string | number)[], depth: number): Record<string, unknown> => {
    const object: Record<string, unknown> = {};
    index++;
    for (;;) {
      skip();
      if (text[index] === '}') {
        index++;
        return object;
      }
      if (text[index] !== '"') fail(`Expected a key in double quotes or \`}\`, got ${found()}.`);
      const keyAt = index;
      const key = parseString();
      skip();
      if (text[index] !== ':') fail(`Expected \`:\` after the key ${JSON.stringify(key)}, got ${found()}.`);
      index++;
      const memberPath = [...path, key];
      offsets.set(JSON.stringify(memberPath), keyAt);
      // defineProperty: a `__proto__` key stays data and never changes the prototype.
      Object.defineProperty(object, key, {
        value: parseValue(memberPath, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      skip();
      if (text[index] === ',') index++;
      else if (text[index] !== '}')
        fail(`Expected \`,\` or \`}\` after the value of ${JSON.stringify(key)}, got ${found()}.`);
    }
  };

  const parseArray = (path: (string | number)[], depth: number): unknown[] => {
    const array: unknown[] = [];
    index++;
    for (;;) {
      skip();
      if (text[index] === ']') {
        index++;
        return array;
      }
      const itemPath = [...path, array.length];
      offsets.set(JSON.stringify(itemPath), index);
      array.push(parseValue(itemPath, depth + 1));
      skip();
      if (text[index] === ',') index++;
      else if (text[index] !== ']') fail(`Expected \`,\` or \`]\` after an array item, got ${found()}.`);
    }
  };

  const value = parseValue([], 0);
  skip();
  if (index < text.length) fail(`Expected the end of the file after the value, got ${found()}.`);
  return {
    value,
    locate(path) {
      const offset = offsets.get(JSON.stringify(path));
      return offset === undefined ? undefined : positionOf(offset);
    },
  };
}
