import { STAGES, STAGE_NAMES, createFsStore } from '@folio/runtime';
import { describe, expect, it } from 'vitest';
import { createActivities } from './activities/index.js';
import { closeStageClients, stageClientsAt } from './testing/stage-clients.js';

// The stage table (`@folio/runtime/stages`) is what the worker reads for each stage's call
// deadline, activities and their option sets: it must name real services and real activities.
describe('stage table', () => {
  const clients = stageClientsAt('127.0.0.1:1');
  const activities = createActivities({
    store: createFsStore({
      rootDir: '/nonexistent',
      publicUrl: 'http://localhost',
      signingSecret: 'test-secret-test-secret',
    }),
    clients,
    signaller: { processingStarted: () => Promise.resolve(), pagesProgress: () => Promise.resolve() },
    timeouts: { render: 1, ocr: 1, layout: 1, chunk: 1, llm: 1 },
    fetch: { allowPrivateUrls: false, maxBytes: 1, timeoutMs: 1 },
  });

  it("gives every stage the worker's generated client of the proto service its row names", () => {
    expect(Object.keys(clients).sort()).toEqual([...STAGE_NAMES].sort());
    for (const stage of STAGE_NAMES) {
      const client = clients[stage].constructor as unknown as { serviceName: string }; // grpc-js generic clients carry their service name
      expect(client.serviceName, stage).toBe(STAGES[stage].service);
    }
    closeStageClients(clients);
  });

  it('names only activities the worker registers, each in one row', () => {
    const named = STAGE_NAMES.flatMap((stage) => Object.keys(STAGES[stage].activities));
    expect(new Set(named).size).toBe(named.length);
    for (const activity of named) expect(Object.keys(activities), activity).toContain(activity);
  });

  it('has distinct gRPC and metrics ports', () => {
    const ports = STAGE_NAMES.flatMap((stage) => [STAGES[stage].grpcPort, STAGES[stage].metricsPort]);
    expect(new Set(ports).size).toBe(ports.length);
  });
});
