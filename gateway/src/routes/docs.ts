import { Router } from '@koa/router';
import { createReadStream, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import type { GatewayContext, GatewayState } from '../context.js';
import { DOCS_CSP } from '../middleware/security-headers.js';

/** Folders of the npm packages whose browser bundles are served locally (no CDN). */
function packageDir(name: string): string {
  return dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
}

const SWAGGER_INDEX = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Folio API - Swagger UI</title>
  <link rel="stylesheet" href="./swagger-ui.css">
  <link rel="icon" type="image/png" href="./favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="./swagger-ui-bundle.js"></script>
  <script src="./swagger-ui-standalone-preset.js"></script>
  <script src="./swagger-initializer.js"></script>
</body>
</html>
`;

/** Replaces the package's petstore initializer: points the UI at our own document. */
const SWAGGER_INITIALIZER = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout',
  });
};
`;

const REDOC_INDEX = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Folio API - ReDoc</title>
  <style>body { margin: 0; padding: 0; }</style>
</head>
<body>
  <redoc spec-url="/openapi.json"></redoc>
  <script src="/redoc/redoc.standalone.js"></script>
</body>
</html>
`;

function serveText(ctx: GatewayContext, type: string, text: string): void {
  ctx.type = type;
  ctx.body = text;
}

/**
 * `/openapi.json`, `/docs/openapi.json`, `/swagger-ui/` and `/redoc`, all without credentials and
 * served from local files of `swagger-ui-dist` and `redoc`.
 */
export function docsRoutes(options: { document: object }): Router<GatewayState> {
  const swaggerDir = packageDir('swagger-ui-dist');
  const redocBundle = join(packageDir('redoc'), 'bundles', 'redoc.standalone.js');
  // Only names that exist in the package folder are served, so no path can escape it.
  const swaggerFiles = new Set(readdirSync(swaggerDir).filter((name) => /\.(js|css|png|map)$/.test(name)));
  const json = JSON.stringify(options.document);
  // Strict: `/swagger-ui` redirects to `/swagger-ui/`, whose relative asset links need the slash.
  const router = new Router<GatewayState>({ strict: true });

  for (const path of ['/openapi.json', '/docs/openapi.json']) {
    router.get(path, function openapiDocument(ctx) {
      serveText(ctx, 'application/json', json);
    });
  }
  router.get('/swagger-ui', function swaggerRedirect(ctx) {
    ctx.redirect('/swagger-ui/');
  });
  router.get('/swagger-ui/', function swaggerIndex(ctx) {
    ctx.set('Content-Security-Policy', DOCS_CSP);
    serveText(ctx, 'text/html', SWAGGER_INDEX);
  });
  router.get('/swagger-ui/:file', function swaggerAsset(ctx) {
    const file = ctx.params.file ?? '';
    if (file === 'swagger-initializer.js') return serveText(ctx, 'application/javascript', SWAGGER_INITIALIZER);
    if (!swaggerFiles.has(file)) return;
    ctx.type = extname(file);
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = createReadStream(join(swaggerDir, file));
  });
  router.get('/redoc', function redocIndex(ctx) {
    ctx.set('Content-Security-Policy', DOCS_CSP);
    serveText(ctx, 'text/html', REDOC_INDEX);
  });
  router.get('/redoc/redoc.standalone.js', function redocBundleFile(ctx) {
    ctx.type = 'application/javascript';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = createReadStream(redocBundle);
  });
  return router;
}
