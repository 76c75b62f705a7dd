// Stand-in for MinIO in the deployment test (docs/deploy.md, "Testing the deployment"): s3rver, an
// S3-compatible server from the npm registry (already the S3 driver's test server), so the stack uses
// the same S3 driver as production. It keeps objects as files under /data, a volume, and answers to
// MinIO's variables: MINIO_ROOT_USER / MINIO_ROOT_PASSWORD become its only key pair.
//   node --openssl-legacy-provider deploy/podman/s3-server.cjs           serve on :9000
//   node deploy/podman/s3-server.cjs --probe                             healthcheck: exit 0 once it answers
// --openssl-legacy-provider: s3rver signs ListObjectsV2 continuation tokens with DES.
const S3rver = require('@20minutes/s3rver');
const { DUMMY_ACCOUNT } = require('@20minutes/s3rver/lib/models/account');

const PORT = 9000;

async function probe() {
  // An unsigned request is refused with 403: any answer at all means the server is up.
  const response = await fetch(`http://127.0.0.1:${PORT}/`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.status < 500 ? 0 : 1);
}

async function serve() {
  const { MINIO_ROOT_USER: user, MINIO_ROOT_PASSWORD: password } = process.env;
  if (!user || !password) throw new Error('set MINIO_ROOT_USER and MINIO_ROOT_PASSWORD');
  // s3rver ships one fixed key pair; the deployment's credentials replace it.
  DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
  DUMMY_ACCOUNT.createKeyPair(user, password);
  // vhostBuckets off: a request to http://minio:9000/folio is path-style, not bucket `minio`.
  const server = new S3rver({ address: '0.0.0.0', port: PORT, directory: '/data', silent: true, vhostBuckets: false });
  await server.run();
  process.stdout.write(`s3rver listening on :${PORT}, data in /data\n`);
  process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
}

(process.argv.includes('--probe') ? probe() : serve()).catch((error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
