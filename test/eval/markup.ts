// A small tolerant tokenizer for the two kinds of markup the evaluation reads: the table HTML the
// service returns and the ICDAR 2013 XML files. Both are machine-written and regular, so a full
// HTML5/XML parser (and a new dependency) would buy nothing here.

/** One node of a parsed markup tree: an element, or a `#text` node whose `text` holds its characters. */
export interface MarkupNode {
  tag: string;
  attributes: Record<string, string>;
  children: MarkupNode[];
  text: string;
}

const VOID_TAGS = new Set(['br', 'img', 'hr', 'meta', 'link', 'input', 'col', 'wbr']);
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Replaces character references (`&amp;`, `&#233;`, `&#xE9;`) by the characters they stand for. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(/([^\s=/]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const name = match[1]!.toLowerCase();
    attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/**
 * Parses markup into a tree under a synthetic `#root` node. Tag names are lower-cased; comments,
 * processing instructions and doctypes are dropped; an end tag closes the nearest open element of
 * that name (unclosed elements inside it close with it), and a stray end tag is ignored.
 */
export function parseMarkup(source: string): MarkupNode {
  const root: MarkupNode = { tag: '#root', attributes: {}, children: [], text: '' };
  const stack: MarkupNode[] = [root];
  const tokens =
    /<!--[\s\S]*?-->|<[!?][^>]*>|<\/\s*([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)|</g;
  for (const match of source.matchAll(tokens)) {
    const [whole, endTag, startTag, attributeSource, text] = match;
    const current = stack[stack.length - 1]!;
    if (text !== undefined || whole === '<') {
      current.children.push({ tag: '#text', attributes: {}, children: [], text: decodeEntities(text ?? whole) });
    } else if (startTag !== undefined) {
      const tag = startTag.toLowerCase();
      const selfClosing = (attributeSource ?? '').trimEnd().endsWith('/');
      const node: MarkupNode = {
        tag,
        attributes: parseAttributes((attributeSource ?? '').replace(/\/\s*$/, '')),
        children: [],
        text: '',
      };
      current.children.push(node);
      if (!selfClosing && !VOID_TAGS.has(tag)) stack.push(node);
    } else if (endTag !== undefined) {
      const tag = endTag.toLowerCase();
      const index = stack.map((node) => node.tag).lastIndexOf(tag);
      if (index > 0) stack.length = index;
    }
  }
  return root;
}

/** All the text under a node in document order; a `<br>` reads as a space. */
export function textContent(node: MarkupNode): string {
  if (node.tag === '#text') return node.text;
  if (node.tag === 'br') return ' ';
  return node.children.map(textContent).join('');
}

/** Every descendant of `node` with tag `tag`, in document order. */
export function findAll(node: MarkupNode, tag: string): MarkupNode[] {
  const found: MarkupNode[] = [];
  const visit = (current: MarkupNode): void => {
    for (const child of current.children) {
      if (child.tag === tag) found.push(child);
      visit(child);
    }
  };
  visit(node);
  return found;
}
