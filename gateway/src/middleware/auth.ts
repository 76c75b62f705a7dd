import type { ApiKeyStore } from '../api-keys.js';
import { isJwtShaped, type JwtVerifier } from '../auth/jwt.js';
import type { GatewayMiddleware } from '../context.js';
import { ApiError } from '../http-errors.js';

/**
 * Resolves the credential's owner into `ctx.state.ownerId`. Accepts `Bearer <credential>` and the
 * bare credential (the reference client sends the key alone). JWT-shaped values are OAuth tokens;
 * anything else is an API key.
 */
export function auth(options: { apiKeys: ApiKeyStore; verifyJwt: JwtVerifier }): GatewayMiddleware {
  return async function authMiddleware(ctx, next) {
    const header = ctx.get('authorization').trim();
    if (header.length === 0) throw new ApiError('missing-authorization');
    const credential = header.replace(/^bearer\s+/i, '').trim();
    if (isJwtShaped(credential)) {
      const ownerId = await options.verifyJwt(credential);
      if (ownerId === null) throw new ApiError('invalid-token');
      ctx.state.ownerId = ownerId;
    } else {
      const record =
        credential.length > 0 && credential.length <= 512 ? await options.apiKeys.verify(credential) : null;
      if (record === null) throw new ApiError('invalid-api-key');
      ctx.state.ownerId = record.ownerId;
    }
    await next();
  };
}
