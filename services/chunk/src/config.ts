import { loggingEnv, parseEnv, stageListenEnv, storageEnv } from '@folio/runtime';
import { z } from 'zod';

// runtime's stageListenEnv returns an untyped record; this names the two keys it adds for 'chunk'.
const listenEnv = stageListenEnv('chunk') as { CHUNK_GRPC_HOST: z.ZodType<string>; CHUNK_GRPC_PORT: z.ZodType<number> };

const schema = z.object({ ...loggingEnv, ...storageEnv, ...listenEnv });

/** The chunk service's settings, from the environment. */
export type ChunkConfig = z.output<typeof schema>;

/** Parses the chunk service's environment, listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv): ChunkConfig {
  return parseEnv(schema, env);
}
