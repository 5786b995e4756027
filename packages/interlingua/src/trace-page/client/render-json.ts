import { h } from './dom';

/** The leaves of a JSON value: `key=value` pairs and bare values, to compare two shapes by content. */
export type LeafIndex = { keyed: Set<string>; values: Set<string> };

/** Indexes the leaves of `value` (strings, numbers, booleans, null) by their key and by themselves. */
export function indexLeaves(value: unknown): LeafIndex {
  const index: LeafIndex = { keyed: new Set(), values: new Set() };
  const visit = (node: unknown, key: string): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, key);
    } else if (typeof node === 'object' && node !== null) {
      for (const [name, child] of Object.entries(node)) visit(child, name);
    } else {
      const text = JSON.stringify(node) ?? 'undefined';
      index.keyed.add(`${key}\u0000${text}`);
      index.values.add(text);
    }
  };
  visit(value, '');
  return index;
}

/**
 * How a leaf compares with the other side: the same key and value there (`''`), the value under
 * another key (`moved`: a renamed or relocated field), or not there at all (`changed`: added,
 * reshaped or re-encoded by the codec, such as arguments as a JSON string).
 */
export function compareLeaf(key: string, value: unknown, other: LeafIndex | undefined): '' | 'moved' | 'changed' {
  if (other === undefined) return '';
  const text = JSON.stringify(value) ?? 'undefined';
  if (other.keyed.has(`${key}\u0000${text}`)) return '';
  return other.values.has(text) ? 'moved' : 'changed';
}

/** Pretty JSON as DOM, each leaf marked by how it compares with `other` (when given). */
export function renderJson(value: unknown, other?: LeafIndex): HTMLElement {
  return h('pre', { class: 'json' }, node(value, '', 0, other));
}

function node(value: unknown, key: string, depth: number, other: LeafIndex | undefined): DocumentFragment {
  const out = document.createDocumentFragment();
  const pad = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) out.append('[]');
    else {
      out.append('[\n');
      value.forEach((item, index) => {
        out.append(pad, node(item, key, depth + 1, other), index < value.length - 1 ? ',\n' : '\n');
      });
      out.append(`${close}]`);
    }
  } else if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) out.append('{}');
    else {
      out.append('{\n');
      entries.forEach(([name, child], index) => {
        out.append(pad, h('span', { class: 'key' }, JSON.stringify(name)), ': ', node(child, name, depth + 1, other));
        out.append(index < entries.length - 1 ? ',\n' : '\n');
      });
      out.append(`${close}}`);
    }
  } else {
    const change = compareLeaf(key, value, other);
    const kind = value === null ? 'null' : typeof value;
    out.append(
      h(
        'span',
        {
          class: `leaf ${kind}${change === '' ? '' : ` chg chg-${change}`}`,
          title: change === '' ? undefined : titles[change],
        },
        JSON.stringify(value) ?? 'undefined',
      ),
    );
  }
  return out;
}

const titles = {
  moved: 'Same value as on the other side, under another field: renamed or moved by the codec.',
  changed: 'Not on the other side as such: added, reshaped or re-encoded by the codec.',
};
