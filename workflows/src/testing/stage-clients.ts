import { credentials } from '@grpc/grpc-js';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { createStageClients, type StageClients } from '../activities/stage-clients.js';

export { closeStageClients } from '../activities/stage-clients.js';

/** Clients of every stage at `address` (one test server can serve the stages a test needs). */
export function stageClientsAt(address: string): StageClients {
  const insecure = credentials.createInsecure();
  return createStageClients((_, Client) => new Client(address, insecure));
}

/** A MockActivityEnvironment that logs only errors (the default prints every activity failure). */
export function quietActivityEnv(): MockActivityEnvironment {
  return new MockActivityEnvironment(undefined, { logger: new DefaultLogger('ERROR', () => undefined) });
}
