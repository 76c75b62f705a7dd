// A reader for the MathML that KaTeX writes: well-formed XML with no comments, CDATA or
// processing instructions, text escaped as &amp; &lt; &gt; &quot; &#x27; (and numeric references).

/** One element: its tag, attributes and children (elements or text). */
export interface MathElement {
  tag: string;
  attributes: Record<string, string>;
  children: MathNode[];
}

export type MathNode = MathElement | string;

const TOKEN = /<(\/?)([a-zA-Z][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*"[^"]*")*)\s*(\/?)>|([^<]+)/g;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*"([^"]*)"/g;

function unescape(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[entity] ?? '';
  });
}

/** Parses `markup` into a tree under a synthetic root element (tag `#root`). */
export function parseMathMl(markup: string): MathElement {
  const root: MathElement = { tag: '#root', attributes: {}, children: [] };
  const stack: MathElement[] = [root];
  for (const match of markup.matchAll(TOKEN)) {
    const [, closing, tag, attributeText, selfClosing, text] = match;
    const parent = stack[stack.length - 1]!; // the root is never popped
    if (text !== undefined) {
      parent.children.push(unescape(text));
    } else if (closing) {
      if (stack.length > 1 && parent.tag === tag) stack.pop();
      else throw new Error(`unbalanced </${tag}> in MathML`);
    } else {
      const attributes: Record<string, string> = {};
      for (const [, name, value] of (attributeText ?? '').matchAll(ATTRIBUTE)) attributes[name!] = unescape(value!);
      const element: MathElement = { tag: tag!, attributes, children: [] };
      parent.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]!.tag}> in MathML`);
  return root;
}
