import { createRemoteJWKSet, importSPKI, jwtVerify, type JWTVerifyGetKey, type CryptoKey } from 'jose';

/** Asymmetric algorithms only: a symmetric one would let anyone holding the public key sign. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** Three base64url parts separated by dots: the shape of a compact JWS. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** True when a credential looks like a JWT (API keys never contain dots). */
export function isJwtShaped(value: string): boolean {
  return JWT_SHAPE.test(value);
}

export interface JwtOptions {
  jwksUrl?: string | undefined;
  /** SPKI PEM public key, used when there is no JWKS URL. */
  publicKeyPem?: string | undefined;
  issuer?: string | undefined;
  audience?: string | undefined;
}

/** Returns the token's owner (`sub`), or null when the token is malformed, expired or badly signed. */
export type JwtVerifier = (token: string) => Promise<string | null>;

/**
 * Verifies OAuth access tokens against a JWKS URL or a static public key, plus issuer, audience and
 * expiry, which every token must carry. With neither key source configured every token is refused.
 */
export function createJwtVerifier(options: JwtOptions): JwtVerifier {
  let getKey: JWTVerifyGetKey | null = null;
  if (options.jwksUrl) {
    getKey = createRemoteJWKSet(new URL(options.jwksUrl));
  } else if (options.publicKeyPem) {
    const pem = options.publicKeyPem.replace(/\\n/g, '\n');
    // The PEM does not say which algorithm it is for; import it once per algorithm a token names.
    const keys = new Map<string, Promise<CryptoKey>>();
    getKey = (header) => {
      const alg = header.alg;
      let key = keys.get(alg);
      if (!key) {
        key = importSPKI(pem, alg);
        keys.set(alg, key);
      }
      return key;
    };
  }
  return async function verifyJwt(token) {
    if (!getKey || !isJwtShaped(token)) return null;
    try {
      const { payload } = await jwtVerify(token, getKey, {
        algorithms: ALGORITHMS,
        // A token without `exp` would be valid for ever once leaked (issue 17): refuse it.
        requiredClaims: ['exp'],
        ...(options.issuer ? { issuer: options.issuer } : {}),
        ...(options.audience ? { audience: options.audience } : {}),
      });
      return typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : null;
    } catch {
      // Every verification failure (bad signature, expiry, wrong issuer, unknown key) is one answer.
      return null;
    }
  };
}
