import { makeGenericClientConstructor, type ServiceError } from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { z } from 'zod';
import { createStageClient } from '../grpc-target.js';
import { grpcChannelCredentials, grpcTlsEnv } from '../grpc-tls.js';

// Container health check for images without curl or grpcurl (compose healthchecks):
//   node services/runtime/dist/bin/health-probe.js grpc 127.0.0.1:50052   grpc.health.v1 Check answers SERVING
//   node services/runtime/dist/bin/health-probe.js http http://127.0.0.1:8000/health   a 2xx answer
// Exits 0 when healthy, 1 otherwise, within TIMEOUT_MS. Kubernetes probes gRPC and HTTP natively.
const TIMEOUT_MS = 4000;

function checkGrpc(address: string): Promise<string> {
  const HealthClient = makeGenericClientConstructor(healthService, 'Health');
  // The stages' TLS settings, as the worker reads them (GRPC_TLS_CA, GRPC_TLS_CERT/KEY).
  const channel = grpcChannelCredentials(z.object(grpcTlsEnv).parse(process.env));
  const client = createStageClient(HealthClient, address, channel);
  return new Promise<string>((resolve) => {
    client.makeUnaryRequest(
      '/grpc.health.v1.Health/Check',
      (request: { service: string }) => Buffer.from(healthService.Check!.requestSerialize(request)), // Check is part of the standard service
      (bytes: Buffer) => healthService.Check!.responseDeserialize(bytes) as { status: string },
      { service: '' },
      { deadline: Date.now() + TIMEOUT_MS },
      (error: ServiceError | null, response?: { status: string }) => {
        client.close();
        resolve(error ? error.message : (response?.status ?? 'no answer'));
      },
    );
  }).then((status) => (status === 'SERVING' ? '' : `${address}: ${status}`));
}

async function checkHttp(url: string): Promise<string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    return response.ok ? '' : `${url}: HTTP ${response.status}`;
  } catch (error) {
    return `${url}: ${(error as Error).message}`;
  }
}

const [kind, target] = process.argv.slice(2);
const problem =
  kind === 'grpc' && target
    ? await checkGrpc(target)
    : kind === 'http' && target
      ? await checkHttp(target)
      : 'usage: health-probe grpc <host:port> | http <url>';
if (problem) process.stderr.write(`unhealthy: ${problem}\n`);
process.exit(problem ? 1 : 0);
