import { SignJWT, exportSPKI, generateKeyPair, type CryptoKey } from 'jose';
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJwtVerifier, type JwtVerifier } from '../auth/jwt.js';
import { createHarness, type Harness } from '../testing/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function status(headers: Record<string, string>, verifyJwt?: JwtVerifier): Promise<request.Response> {
  h ??= await createHarness(verifyJwt ? { verifyJwt } : {});
  return request(h.app.callback()).get('/api/v1/tasks').set(headers);
}

describe('API keys', () => {
  it('answers 401 Authorization header is missing without a header', async () => {
    const response = await status({});
    expect(response.status).toBe(401);
    expect(response.text).toBe('Authorization header is missing');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('accepts the bare key and the Bearer form', async () => {
    h = await createHarness();
    expect((await status({ Authorization: h.aliceKey })).status).toBe(200);
    expect((await status({ Authorization: `Bearer ${h.aliceKey}` })).status).toBe(200);
    expect((await status({ Authorization: `bearer   ${h.aliceKey}` })).status).toBe(200);
  });

  it.each([['fk_unknown'], ['Bearer '], ['Bearer fk_nope']])(
    'answers 401 Invalid or inactive API key for %j',
    async (header) => {
      const response = await status({ Authorization: header });
      expect(response.status).toBe(401);
      expect(response.text).toBe('Invalid or inactive API key');
    },
  );

  it('refuses deactivated and revoked keys, and accepts a reactivated one', async () => {
    h = await createHarness();
    const records = await h.apiKeys.list();
    const alice = records.find((record) => record.ownerId === 'alice');
    const bob = records.find((record) => record.ownerId === 'bob');
    await h.apiKeys.deactivate(alice!.keyId);
    await h.apiKeys.revoke(bob!.keyId);
    expect((await status({ Authorization: h.aliceKey })).text).toBe('Invalid or inactive API key');
    expect((await status({ Authorization: h.bobKey })).text).toBe('Invalid or inactive API key');
    await h.apiKeys.activate(alice!.keyId);
    expect((await status({ Authorization: h.aliceKey })).status).toBe(200);
  });

  it('needs no credentials for health, the documents and the reference pages', async () => {
    h = await createHarness();
    const server = request(h.app.callback());
    for (const path of ['/health', '/openapi.json', '/docs/openapi.json', '/swagger-ui/', '/redoc']) {
      expect((await server.get(path)).status, path).toBe(200);
    }
  });
});

describe('OAuth tokens', () => {
  let privateKey: CryptoKey;
  let otherKey: CryptoKey;
  let verifyJwt: JwtVerifier;

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair('ES256')).privateKey;
    verifyJwt = createJwtVerifier({
      publicKeyPem: await exportSPKI(pair.publicKey),
      issuer: 'https://issuer.test',
      audience: 'folio',
    });
  });

  const token = (
    options: {
      key?: CryptoKey;
      issuer?: string;
      audience?: string;
      expiresIn?: string | null;
      sub?: string | null;
    } = {},
  ) => {
    const jwt = new SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(options.issuer ?? 'https://issuer.test')
      .setAudience(options.audience ?? 'folio')
      .setIssuedAt();
    if (options.expiresIn !== null) jwt.setExpirationTime(options.expiresIn ?? '5m');
    if (options.sub !== null) jwt.setSubject(options.sub ?? 'carol');
    return jwt.sign(options.key ?? privateKey);
  };

  it('accepts a valid token (bare or Bearer) as its subject', async () => {
    const valid = await token();
    expect((await status({ Authorization: `Bearer ${valid}` }, verifyJwt)).status).toBe(200);
    expect((await status({ Authorization: valid }, verifyJwt)).status).toBe(200);
    expect(await verifyJwt(valid)).toBe('carol');
  });

  it.each([
    ['a bad signature', { key: undefined as CryptoKey | undefined, other: true }],
    ['a wrong issuer', { issuer: 'https://evil.test' }],
    ['a wrong audience', { audience: 'someone-else' }],
    ['an expired token', { expiresIn: '-1m' }],
    ['a token that never expires (no exp)', { expiresIn: null }],
    ['no subject', { sub: null }],
  ])('answers 401 Invalid token payload for %s', async (_name, options) => {
    const { other, ...rest } = options as { other?: boolean; key?: CryptoKey };
    const bad = await token({ ...rest, ...(other ? { key: otherKey } : {}) });
    const response = await status({ Authorization: `Bearer ${bad}` }, verifyJwt);
    expect(response.status).toBe(401);
    expect(response.text).toBe('Invalid token payload');
  });

  it('answers 401 Invalid token payload for malformed JWT-shaped values and when no key is configured', async () => {
    expect((await status({ Authorization: 'Bearer aaa.bbb.ccc' }, verifyJwt)).text).toBe('Invalid token payload');
    await h?.close();
    h = undefined;
    const unconfigured = createJwtVerifier({});
    expect((await status({ Authorization: `Bearer ${await token()}` }, unconfigured)).text).toBe(
      'Invalid token payload',
    );
  });

  it('keeps tasks apart by token subject', async () => {
    h = await createHarness({ verifyJwt });
    const server = request(h.app.callback());
    const created = await server
      .post('/api/v1/task/parse')
      .set('Authorization', `Bearer ${await token()}`)
      .send({ file: 'JVBERi0xLjQK' })
      .expect(200);
    const taskId = (created.body as { task_id: string }).task_id;
    await server
      .get(`/api/v1/task/${taskId}`)
      .set('Authorization', `Bearer ${await token()}`)
      .expect(200);
    await server
      .get(`/api/v1/task/${taskId}`)
      .set('Authorization', `Bearer ${await token({ sub: 'dave' })}`)
      .expect(404);
    await server.get(`/api/v1/task/${taskId}`).set('Authorization', h.aliceKey).expect(404);
  });
});
