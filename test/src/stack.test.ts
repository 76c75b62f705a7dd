import { describe, expect, it } from 'vitest';
import { MAX_REPLICAS, STAGES, stackEnv, stageInstances, stageReplicas } from '../../scripts/lib/stack.mjs';

// How `npm start` and the test stacks turn `<STAGE>_REPLICAS` into processes (scripts/lib/stack.mjs).
const paths = { root: '/folio', dataDir: '/folio/.data' };

describe('stage replicas of a local stack', () => {
  it('runs one instance of each stage, named after it, on the default ports unless asked for more', () => {
    const instances = stageInstances({});
    expect(instances.map((instance) => instance.name)).toEqual([...STAGES]);
    expect(instances.find((instance) => instance.name === 'ocr')).toMatchObject({
      grpcPort: '50052',
      metricsPort: '9462',
    });
    expect(stackEnv({}, paths).OCR_GRPC_ADDRESS).toBe('127.0.0.1:50052');
  });

  it('gives each replica its own gRPC and metrics ports and lists them all for the clients', () => {
    const env = stackEnv({ OCR_REPLICAS: '2', LAYOUT_REPLICAS: '3' }, paths);
    const instances = stageInstances(env).filter((instance) => instance.stage !== 'render');
    expect(instances.slice(0, 5)).toEqual([
      { stage: 'ocr', name: 'ocr', grpcPort: '50052', metricsPort: '9462' },
      { stage: 'ocr', name: 'ocr-2', grpcPort: '50062', metricsPort: '9472' },
      { stage: 'layout', name: 'layout', grpcPort: '50053', metricsPort: '9463' },
      { stage: 'layout', name: 'layout-2', grpcPort: '50063', metricsPort: '9473' },
      { stage: 'layout', name: 'layout-3', grpcPort: '50073', metricsPort: '9483' },
    ]);
    expect(env.OCR_GRPC_ADDRESS).toBe('127.0.0.1:50052,127.0.0.1:50062');
    expect(env.LAYOUT_GRPC_ADDRESS).toBe('127.0.0.1:50053,127.0.0.1:50063,127.0.0.1:50073');
    expect(env.RENDER_GRPC_ADDRESS).toBe('127.0.0.1:50051');
  });

  it('keeps listed ports, off and an address the user set', () => {
    const env = stackEnv(
      {
        OCR_REPLICAS: '2',
        OCR_GRPC_PORT: '6001, 6007',
        OCR_METRICS_PORT: 'off',
        LAYOUT_REPLICAS: '2',
        LAYOUT_GRPC_ADDRESS: 'dns:///layout:50053',
      },
      paths,
    );
    const ocr = stageInstances(env).filter((instance) => instance.stage === 'ocr');
    expect(ocr.map((instance) => [instance.grpcPort, instance.metricsPort])).toEqual([
      ['6001', 'off'],
      ['6007', 'off'],
    ]);
    expect(env.OCR_GRPC_ADDRESS).toBe('127.0.0.1:6001,127.0.0.1:6007');
    expect(env.LAYOUT_GRPC_ADDRESS).toBe('dns:///layout:50053');
  });

  it("never puts a replica's default port on another stage's, the worker's, the gateway's or Temporal's", () => {
    const most = Object.fromEntries(STAGES.map((stage) => [`${stage.toUpperCase()}_REPLICAS`, String(MAX_REPLICAS)]));
    const instances = stageInstances(most);
    const ports = [
      ...instances.flatMap((instance) => [instance.grpcPort, instance.metricsPort]),
      '9460', // the worker's metrics
      '8000', // the gateway
      '7233', // Temporal
      '8233', // its UI
    ];
    expect(instances).toHaveLength(STAGES.length * MAX_REPLICAS);
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('refuses a replica count that is not a whole number from 1 to the maximum, naming every bad variable', () => {
    expect(stageReplicas({ OCR_REPLICAS: '2' })).toMatchObject({ render: 1, ocr: 2, layout: 1 });
    for (const bad of ['0', 'two', '1.5', '-1', String(MAX_REPLICAS + 1)])
      expect(() => stackEnv({ OCR_REPLICAS: bad }, paths), bad).toThrow(`OCR_REPLICAS must be a whole number`);
    expect(() => stageReplicas({ OCR_REPLICAS: '0', LAYOUT_REPLICAS: 'x' })).toThrow(/OCR_REPLICAS.*; LAYOUT_REPLICAS/);
  });

  it('refuses a port list that does not give one port per instance', () => {
    expect(() => stackEnv({ OCR_REPLICAS: '3', OCR_METRICS_PORT: '9001,9002' }, paths)).toThrow(
      'OCR_METRICS_PORT lists 2 ports for 3 instances',
    );
  });
});
