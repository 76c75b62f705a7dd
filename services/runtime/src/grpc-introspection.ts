import { dirname, relative, resolve } from 'node:path';
import type { Server } from '@grpc/grpc-js';
import { loadSync, type PackageDefinition } from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { HealthImplementation, protoPath as healthProtoPath } from 'grpc-health-check';

/**
 * Where a server's `.proto` contracts live: `root` is the folder their imports are relative to and
 * `files` the contract files under it (`@folio/proto/files` gives both for this repository).
 */
export interface ProtoSources {
  root: string;
  files: readonly string[];
}

/** The standard health service's full name, as generic clients and probes call it. */
export const HEALTH_SERVICE_NAME = 'grpc.health.v1.Health';

// grpc-health-check ships its .proto as `<dir>/health/v1/health.proto`; reflection serves it under
// that relative name, so generic clients can resolve `grpc.health.v1.Health` like our own services.
const healthProtoRoot = resolve(dirname(healthProtoPath), '..', '..');
const healthProtoFile = relative(healthProtoRoot, healthProtoPath).split('\\').join('/');

/** Parsing the contracts takes tens of ms; tests build many servers from the same ones. */
const definitions = new Map<string, PackageDefinition>();

function loadDefinition(protos: ProtoSources): PackageDefinition {
  const cacheKey = [protos.root, ...protos.files].join('\n');
  let definition = definitions.get(cacheKey);
  if (!definition) {
    definition = loadSync([...protos.files, healthProtoFile], { includeDirs: [protos.root, healthProtoRoot] });
    definitions.set(cacheKey, definition);
  }
  return definition;
}

/** Each introspected server's health service and the names it reports, for `markNotServing`. */
const healthByServer = new WeakMap<Server, { health: HealthImplementation; names: string[] }>();

/**
 * Adds the standard `grpc.health.v1.Health` service and server reflection (v1 and v1alpha) to
 * `server`. Reflection lists `serviceNames` and the health service, with the descriptors of their
 * files and imports from `protos`. Health answers SERVING for each of `serviceNames` and for the
 * server as a whole (the empty name) from now on: call this once the handlers' engines are ready.
 * `markNotServing` (which `shutdownServer` calls) turns every status to NOT_SERVING.
 */
export function addIntrospection(server: Server, serviceNames: readonly string[], protos: ProtoSources): void {
  const names = ['', ...serviceNames];
  const health = new HealthImplementation(Object.fromEntries(names.map((name) => [name, 'SERVING'])));
  health.addToServer(server);
  new ReflectionService(loadDefinition(protos), { services: [...serviceNames, HEALTH_SERVICE_NAME] }).addToServer(
    server,
  );
  healthByServer.set(server, { health, names });
}

/**
 * Reports every service of `server` NOT_SERVING (Check answers it, Watch streams receive it);
 * a server without `addIntrospection` is left alone.
 */
export function markNotServing(server: Server): void {
  const entry = healthByServer.get(server);
  for (const name of entry?.names ?? []) entry?.health.setStatus(name, 'NOT_SERVING');
}
