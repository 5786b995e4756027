/// <reference lib="dom" />

/** Attributes of `h()`: `class`, `data-*`, event handlers (`onclick`), other attributes as strings. */
type Attributes = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

/**
 * Creates an element with attributes and children. Text children become text nodes, so what a
 * trace holds is never parsed as HTML.
 */
export function h(
  tag: string,
  attributes: Attributes = {},
  ...children: (Node | string | null | undefined)[]
): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) element.append(child);
  return element;
}

/** Creates an SVG element with attributes. */
export function svg(tag: string, attributes: Record<string, string | number> = {}, ...children: Node[]): SVGElement {
  const element = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}
