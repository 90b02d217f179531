// @vitest-environment happy-dom
import { expect, test } from 'vitest';
import { safeLink, sanitizeHtml } from './richText';

test("formatting, safe links and the exchange's own images survive", () => {
  const html =
    '<h2>Fees</h2><p>Spot <strong>0.1 %</strong>, see <a href="https://example.org/fees">the table</a> or <a href="mailto:support@kestrel.local">write</a>.</p><img src="/uploads/2026/a.png" alt="chart"><ul><li>one</li></ul>';
  const clean = sanitizeHtml(html);
  expect(clean).toContain('<h2>Fees</h2>');
  expect(clean).toContain('<strong>0.1 %</strong>');
  expect(clean).toContain('href="https://example.org/fees"');
  expect(clean).toContain('rel="noopener noreferrer"');
  expect(clean).toContain('href="mailto:support@kestrel.local"');
  expect(clean).toContain('<img src="/uploads/2026/a.png" alt="chart">');
  expect(clean).toContain('<li>one</li>');
});

test.each([
  ['<script>alert(1)</script>ok', 'ok'],
  ['<img src=x onerror=alert(1)>', ''],
  ['<img src="/uploads/a.png" onerror="alert(1)">', '<img src="/uploads/a.png" alt="">'],
  ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href=" javascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
  ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
  ['<p onclick="alert(1)" style="background:url(javascript:alert(1))">p</p>', '<p>p</p>'],
  ['<svg><script>alert(1)</script></svg>', ''],
  ['<math><mtext><img src=x onerror=alert(1)></mtext></math>', ''],
  ['<iframe src="https://evil.example"></iframe>', ''],
  ['<object data="x.swf"></object><embed src="x.swf">', ''],
  ['<img src="https://tracker.example/p.gif">', ''],
  ['<img src="/uploads/../secret.png">', ''],
  ['<div><b>bold<i>both</b></i></div>', '<b>bold<i>both</i></b>'],
  ['<style>body{display:none}</style>text', 'text'],
  ['<form action="https://evil.example"><input name="p"></form>', ''],
  ['<span title="x" class="y">s</span>', '<span>s</span>'],
])('%s is harmless after sanitising', (input, expected) => {
  const clean = sanitizeHtml(input);
  expect(clean).toBe(expected);
  expect(clean).not.toMatch(/<script|on\w+=|javascript:|vbscript:|data:|<iframe|<svg|<object|<embed|style=/i);
});

test('a link is followed only when it is http, https or mailto', () => {
  expect(safeLink('https://a.example')).toBe(true);
  expect(safeLink('mailto:a@b.c')).toBe(true);
  expect(safeLink('j\navascript:alert(1)')).toBe(false);
  expect(safeLink('/h5/#/pages/common/faq')).toBe(false);
});
