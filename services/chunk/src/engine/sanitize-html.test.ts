import { describe, expect, it } from 'vitest';
import { MAX_HTML_TAGS, sanitizeSegmentHtml } from './sanitize-html.js';

/** Markup no allowed output may contain, whatever the input. */
const DANGEROUS =
  /<\s*\/?\s*(script|style|iframe|object|embed|svg|img|a|form|input|link|meta|base|frame|template)\b|\son\w+\s*=|javascript:|vbscript:|data:|srcdoc|style\s*=/i;

describe('sanitizeSegmentHtml', () => {
  it('keeps tables with bounded integer spans, lists, headings, emphasis and the Auto classes', () => {
    const table =
      '<table><caption>Sales</caption><thead><tr><th colspan="2" scope="col">Region</th></tr></thead>' +
      '<tbody><tr><td rowspan="2">North</td><td>1&nbsp;200 &amp; more</td></tr><tr><td>3</td></tr></tbody></table>';
    expect(sanitizeSegmentHtml(table)).toBe(table.replace('&nbsp;', '\u00a0'));
    expect(
      sanitizeSegmentHtml(
        '<h2>Intro</h2><p>A <strong>b</strong> <em>c</em> x<sub>1</sub></p><ol start="3"><li>x</li></ol>',
      ),
    ).toBe('<h2>Intro</h2><p>A <strong>b</strong> <em>c</em> x<sub>1</sub></p><ol start="3"><li>x</li></ol>');
    expect(sanitizeSegmentHtml('<span class="formula">E = mc^2</span>')).toBe('<span class="formula">E = mc^2</span>');
    expect(sanitizeSegmentHtml('<math display="block"><mi>x</mi><mo>=</mo><mn>1</mn></math>')).toBe(
      '<math display="block"><mi>x</mi><mo>=</mo><mn>1</mn></math>',
    );
  });

  it.each([
    ['script element', '<p>ok</p><script>alert(document.cookie)</script>', '<p>ok</p>'],
    ['script with odd case and spacing', '<ScRiPt >fetch("//evil")</sCrIpT >x', 'x'],
    ['style element', '<style>body{display:none}</style><p>t</p>', '<p>t</p>'],
    ['iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>t', 't'],
    [
      'event handler on a cell',
      '<table><tr><td onclick="alert(1)" onmouseover=alert(2)>v</td></tr></table>',
      '<table><tr><td>v</td></tr></table>',
    ],
    ['image with onerror', '<img src=x onerror=alert(1)>caption', 'caption'],
    ['javascript: link', '<a href="javascript:alert(1)">click</a>', 'click'],
    ['entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">click</a>', 'click'],
    ['data: URL object', '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>t', 't'],
    ['svg with script', '<svg><script>alert(1)</script><circle onload="alert(1)"/></svg>t', 't'],
    ['style attribute', '<p style="background:url(javascript:alert(1))">t</p>', '<p>t</p>'],
    ['unknown class', '<span class="formula evil" id="x">t</span>', '<span class="formula">t</span>'],
    ['form and input', '<form action="//evil"><input name="pw"></form>t', 't'],
    ['meta refresh and base', '<meta http-equiv="refresh" content="0;url=//evil"><base href="//evil">t', 't'],
    [
      'MathML annotation-xml carrying HTML',
      '<math><annotation-xml encoding="text/html"><script>alert(1)</script></annotation-xml><mi>x</mi></math>',
      '<math><mi>x</mi></math>',
    ],
    ['comment and CDATA', '<!--<script>alert(1)</script>--><p>t</p><![CDATA[<script>]]>', '<p>t</p>'],
    ['template', '<template><img src=x onerror=alert(1)></template>t', 't'],
    ['unclosed tag at the end', '<p>t</p><img src=x onerror=alert(1)', '<p>t</p>'],
  ])('drops %s', (_name, input, expected) => {
    const output = sanitizeSegmentHtml(input);
    expect(output).toBe(expected);
    expect(output).not.toMatch(DANGEROUS);
  });

  it('keeps text that looks like markup as escaped text, never as markup', () => {
    const output = sanitizeSegmentHtml('<p>1 &lt;script&gt;alert(1)&lt;/script&gt; &lt; 2</p>');
    expect(output).toBe('<p>1 &lt;script&gt;alert(1)&lt;/script&gt; &lt; 2</p>');
    expect(output).not.toMatch(DANGEROUS);
  });

  it('caps spans and drops ones that are not plain positive integers', () => {
    expect(
      sanitizeSegmentHtml(
        '<table><tr><td colspan="100000" rowspan="0">a</td><td colspan="2;x" rowspan=" 3 ">b</td></tr></table>',
      ),
    ).toBe('<table><tr><td colspan="1000">a</td><td rowspan="3">b</td></tr></table>');
    expect(sanitizeSegmentHtml('<ol start="x"><li>a</li></ol>')).toBe('<ol><li>a</li></ol>');
  });

  it('refuses answers with more tags than a segment holds, and stays fast below the cap', () => {
    expect(sanitizeSegmentHtml(`<p>${'a<b>'.repeat(MAX_HTML_TAGS)}</p>`)).toBeNull();
    const started = performance.now();
    const deep = '<div>'.repeat(9_000) + 'x' + '</div>'.repeat(9_000);
    expect(sanitizeSegmentHtml(deep)).toContain('x');
    expect(sanitizeSegmentHtml(`<p>${'a<b>'.repeat(MAX_HTML_TAGS - 10)}</p>`)).not.toMatch(DANGEROUS);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
