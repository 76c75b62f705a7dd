import { createStoreFromConfig, errorMessage } from '@folio/runtime';
import { parseArgs } from 'node:util';
import { createApiKeyStore, type ApiKeyRecord } from './api-keys.js';
import { loadConfig } from './config.js';

const USAGE = `Usage: node gateway/dist/keys-cli.js <command>
  create --owner <owner id> [--label <label>]   create a key; the key is the last line printed
  list                                          list keys (never the keys themselves)
  deactivate <key id>                           stop a key (can be activated again)
  activate <key id>                             allow a deactivated key again
  revoke <key id>                               stop a key for good`;

/** Operator output goes to stdout/stderr directly: this is a CLI, not a service log. */
function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function describe(record: ApiKeyRecord): string {
  const state = record.revoked ? 'revoked' : record.active ? 'active' : 'inactive';
  return `${record.keyId}\towner=${record.ownerId}\t${state}\tcreated=${record.createdAt}${record.label ? `\tlabel=${record.label}` : ''}`;
}

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { owner: { type: 'string' }, label: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, keyId] = positionals;
  if (values.help || command === undefined) {
    print(USAGE);
    return command === undefined && !values.help ? 1 : 0;
  }
  const keys = createApiKeyStore(await createStoreFromConfig(loadConfig(process.env)));
  switch (command) {
    case 'create': {
      if (!values.owner) throw new Error('create needs --owner <owner id>');
      const { key, record } = await keys.create({
        ownerId: values.owner,
        ...(values.label ? { label: values.label } : {}),
      });
      print(`Created ${describe(record)}`);
      print('Store this key now; it cannot be shown again:');
      print(key);
      return 0;
    }
    case 'list':
      for (const record of await keys.list()) print(describe(record));
      return 0;
    case 'deactivate':
    case 'activate':
    case 'revoke': {
      if (!keyId) throw new Error(`${command} needs a key id (see list)`);
      print(describe(await keys[command](keyId)));
      return 0;
    }
    default:
      print(USAGE);
      return 1;
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${errorMessage(error)}\n`);
    process.exit(1);
  },
);
