import { createSignedUrl } from '@folio/runtime';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_URL, SIGNING_SECRET, createHarness, type Harness } from '../testing/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
  await h.store.put('tasks/t1/crops/a b.png', Buffer.from('png-bytes'));
});
afterEach(async () => {
  await h.close();
});

/** The path and query of a signed URL, for supertest. */
function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

const nowSec = () => Math.floor(h.clock.now() / 1000);

describe('GET /files/*', () => {
  it('streams an object behind a valid signature, honouring name', async () => {
    const url = await h.store.presignGet('tasks/t1/crops/a b.png', { expiresInSec: 60, fileName: 'crop.png' });
    expect(url.startsWith(`${PUBLIC_URL}/files/`)).toBe(true);
    const response = await request(h.app.callback()).get(pathOf(url)).buffer(true).expect(200);
    expect(Buffer.from(response.body as Buffer).toString()).toBe('png-bytes');
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe('inline; filename="crop.png"');
    expect(response.headers['content-length']).toBe('9');
  });

  it('takes the Content-Type from the signed key, never from the unsigned name, and forbids sniffing and scripts', async () => {
    await h.store.put('tasks/t1/input/page.html', Buffer.from('<script>alert(document.cookie)</script>'));
    await h.store.put('tasks/t1/document.pdf', Buffer.from('%PDF-1.7'));
    const crop = await h.store.presignGet('tasks/t1/crops/a b.png', { expiresInSec: 60, fileName: 'x.html' });
    const html = await h.store.presignGet('tasks/t1/input/page.html', { expiresInSec: 60 });
    const pdf = await h.store.presignGet('tasks/t1/document.pdf', { expiresInSec: 60 });
    const served = async (url: string) =>
      (await request(h.app.callback()).get(pathOf(url)).buffer(true).expect(200)).headers;

    const asNamedHtml = await served(crop);
    expect(asNamedHtml['content-type']).toBe('image/png');
    expect(asNamedHtml['x-content-type-options']).toBe('nosniff');
    expect(asNamedHtml['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");

    // An HTML input file is bytes to download, not a page on the API's origin.
    const htmlFile = await served(html);
    expect(htmlFile['content-type']).toBe('application/octet-stream');
    expect(htmlFile['content-disposition']).toBe('attachment; filename="page.html"');
    expect(htmlFile['content-security-policy']).toMatch(/sandbox$/);

    // A PDF viewer refuses sandboxed documents: the PDF gets the policy without it.
    const pdfFile = await served(pdf);
    expect(pdfFile['content-type']).toBe('application/pdf');
    expect(pdfFile['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('answers HEAD without a body', async () => {
    const url = await h.store.presignGet('tasks/t1/crops/a b.png', { expiresInSec: 60 });
    const response = await request(h.app.callback()).head(pathOf(url)).expect(200);
    expect(response.headers['content-length']).toBe('9');
  });

  it('answers 403 for a bad, missing or expired signature', async () => {
    const valid = createSignedUrl(PUBLIC_URL, SIGNING_SECRET, 'tasks/t1/crops/a b.png', nowSec() + 60);
    const tampered = valid.replace(/signature=[^&]+/, 'signature=AAAA');
    const expired = createSignedUrl(PUBLIC_URL, SIGNING_SECRET, 'tasks/t1/crops/a b.png', nowSec() - 1);
    const otherKey = valid.replace('crops/a%20b.png', 'crops/other.png');
    const wrongSecret = createSignedUrl(
      PUBLIC_URL,
      'another-secret-0123456789',
      'tasks/t1/crops/a b.png',
      nowSec() + 60,
    );
    for (const url of [tampered, expired, otherKey, wrongSecret, `${PUBLIC_URL}/files/tasks/t1/crops/a%20b.png`]) {
      const response = await request(h.app.callback()).get(pathOf(url));
      expect(response.status, url).toBe(403);
      expect(response.text).toBe('Invalid or expired signature');
    }
  });

  it('answers 404 for a validly signed missing object and for keys that escape the store', async () => {
    const missing = createSignedUrl(PUBLIC_URL, SIGNING_SECRET, 'tasks/t1/none.png', nowSec() + 60);
    expect((await request(h.app.callback()).get(pathOf(missing))).status).toBe(404);
    expect((await request(h.app.callback()).get('/files/tasks/%2E%2E/secret?expires=1&signature=x')).status).toBe(404);
  });
});
