import { Connection } from '@temporalio/client';
import { createLogger, describeTemporalConnection, temporalConnectionOptions } from '@folio/runtime';
import { loadSetupConfig } from './config.js';
import { ensureSearchAttributes } from './temporal-setup/search-attributes.js';

// One-shot setup of a Temporal cluster for Folio (`npm run temporal:setup`, the compose service
// temporal-setup, the Helm hook Job): registers the TaskOwner/TaskStatus search attributes in
// TEMPORAL_NAMESPACE. Safe to run on every deploy; exits 0 when they are there, 1 otherwise.
const config = loadSetupConfig(process.env);
const logger = createLogger({ name: 'temporal-setup', level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
const options = temporalConnectionOptions(config);

async function main(): Promise<void> {
  const deadline = Date.now() + config.TEMPORAL_SETUP_WAIT_SEC * 1000;
  // The cluster may still be starting beside this job (compose, a fresh Helm release): retry the connect.
  let connection: Connection | undefined;
  while (!connection) {
    try {
      connection = await Connection.connect({ ...options, connectTimeout: 5000 });
    } catch (error) {
      if (Date.now() > deadline) throw error;
      logger.info({ address: config.TEMPORAL_ADDRESS, err: error }, 'waiting for Temporal');
      await new Promise((done) => setTimeout(done, 2000));
    }
  }
  try {
    const added = await ensureSearchAttributes(connection.operatorService, config.TEMPORAL_NAMESPACE);
    logger.info(
      {
        address: config.TEMPORAL_ADDRESS,
        namespace: config.TEMPORAL_NAMESPACE,
        security: describeTemporalConnection(options),
        added,
      },
      added.length > 0 ? 'search attributes registered' : 'search attributes already registered',
    );
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'temporal setup failed');
  process.exit(1);
});
