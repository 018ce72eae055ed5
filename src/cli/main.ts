import { parseArgs } from 'node:util';
import { ConfigError, SETTINGS, loadConfig } from '../config/index.js';
import { createAccountService } from '../modules/accounts/index.js';
import { createFeatureGrantService, GRANTABLE_FEATURES, isGrantableFeature } from '../modules/feature-grants/index.js';
import { createSessionService, createSignInThrottle } from '../modules/sessions/index.js';
import { createTokenService } from '../modules/tokens/index.js';
import { AppError } from '../shared/app-error.js';
import { systemClock } from '../shared/clock.js';
import { printableName } from '../shared/safe-name.js';
import { openControlPlane } from '../storage/control-plane/index.js';

const USAGE = `usage: logward <command> [options]

Works offline against the data directory (LOGWARD_DATA_DIR) or LOGWARD_CONTROL_PLANE_URL.

  accounts list                                   list accounts
  accounts grant ACCOUNT_ID FEATURE               grant insights or shared-tokens (takes effect at once)
  accounts revoke ACCOUNT_ID FEATURE              take the feature back (its shared tokens stop working)
  accounts grants ACCOUNT_ID                      list the features granted to an account
  tokens list [--account ID]                      list API and shipping tokens
  tokens create-api --account ID [--name NAME]    create an API token (shown once)
  tokens revoke-api TOKEN_ID                      delete an API token at once
  tokens create-shipping --account ID [--name N]  create a log shipping token
  tokens revoke-shipping TOKEN_ID                 delete a shipping token at once
  users set-password EMAIL                        set a web UI password (read from standard input)
  config                                          list every setting with its default
`;

function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

function requireId(value: string | undefined, what: string): number {
  const id = Number(value);
  if (value === undefined || !Number.isInteger(id)) throw new CliError(`${what} must be an integer id`);
  return id;
}

class CliError extends Error {}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

async function run(argv: readonly string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { account: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [area, action, argument, extra] = positionals;
  if (values.help === true || area === undefined) {
    out(USAGE);
    return;
  }
  if (area === 'config') {
    for (const setting of SETTINGS)
      out(`${setting.env.padEnd(34)} ${(setting.defaultText ?? '(unset)').padEnd(44)} ${setting.description}`);
    return;
  }

  const config = loadConfig(process.env, { forRoles: false });
  const controlPlane = await openControlPlane(config.controlPlaneUrl);
  try {
    const tokens = createTokenService({ db: controlPlane.db, clock: systemClock });
    // The CLI neither reports usage nor deletes accounts, so those dependencies stay empty.
    const accounts = createAccountService({
      db: controlPlane.db,
      clock: systemClock,
      tokens,
      dailyUsage: async () => [],
      onAccountDeleted: [],
    });
    const command = `${area} ${action ?? ''}`.trim();
    switch (command) {
      case 'accounts list': {
        out('ID          TYPE              REGION  RETENTION  MAX_DAILY_GB  NAME');
        for (const account of await accounts.listAllAccounts()) {
          out(
            `${String(account.id).padEnd(11)} ${account.type.padEnd(17)} ${account.region.padEnd(7)} ${String(account.retentionDays).padEnd(10)} ${String(account.maxDailyGB).padEnd(13)} ${printableName(account.name)}`,
          );
        }
        return;
      }
      case 'accounts grant':
      case 'accounts revoke': {
        const accountId = requireId(argument, 'ACCOUNT_ID');
        if (extra === undefined || !isGrantableFeature(extra))
          throw new CliError(`FEATURE must be one of: ${GRANTABLE_FEATURES.join(', ')}`);
        if ((await accounts.getAccount(accountId)) === undefined) throw new CliError(`no account ${accountId}`);
        const grants = createFeatureGrantService({ db: controlPlane.db, clock: systemClock });
        if (action === 'grant') {
          const granted = await grants.grant(accountId, extra);
          out(granted ? `${extra} granted to account ${accountId}` : `account ${accountId} already has ${extra}`);
        } else {
          const revoked = await grants.revoke(accountId, extra);
          out(revoked ? `${extra} revoked from account ${accountId}` : `account ${accountId} did not have ${extra}`);
        }
        return;
      }
      case 'accounts grants': {
        const accountId = requireId(argument, 'ACCOUNT_ID');
        const grants = createFeatureGrantService({ db: controlPlane.db, clock: systemClock });
        for (const feature of await grants.featuresOf(accountId)) out(feature);
        return;
      }
      case 'tokens list': {
        const targets =
          values.account === undefined
            ? await accounts.listAllAccounts()
            : [await accounts.getAccount(requireId(values.account, '--account'))];
        for (const account of targets) {
          if (account === undefined) throw new CliError('no such account');
          for (const token of await tokens.listApiTokens(account.id))
            out(`api       ${String(token.id).padEnd(11)} account ${account.id}  ${printableName(token.name)}`);
          for (const token of await tokens.listShippingTokens(account.id))
            out(`shipping  ${String(token.id).padEnd(11)} account ${account.id}  ${printableName(token.name)}  ${token.token}`);
        }
        return;
      }
      case 'tokens create-api':
      case 'tokens create-shipping': {
        const accountId = requireId(values.account, '--account');
        if ((await accounts.getAccount(accountId)) === undefined) throw new CliError(`no account ${accountId}`);
        const name = values.name ?? 'cli';
        if (action === 'create-api') {
          const created = await tokens.createApiToken({ accountId, name, createdBy: 'cli' });
          out(`API token ${created.record.id} for account ${accountId} (shown once): ${created.token}`);
        } else {
          const created = await tokens.createShippingToken({ accountId, name, createdBy: 'cli' });
          out(`shipping token ${created.id} for account ${accountId}: ${created.token}`);
        }
        return;
      }
      case 'tokens revoke-api':
      case 'tokens revoke-shipping': {
        const id = requireId(argument, 'TOKEN_ID');
        const revoked = action === 'revoke-api' ? await tokens.revokeApiToken(id) : await tokens.revokeShippingToken(id);
        if (!revoked) throw new CliError(`no token ${id}`);
        out(`token ${id} revoked`);
        return;
      }
      case 'users set-password': {
        if (argument === undefined) throw new CliError('users set-password needs the e-mail');
        // Standard input, not an argument: arguments show in `ps` and shell history.
        const password = (await readStdin()).replace(/\r?\n$/, '');
        const sessions = createSessionService({ db: controlPlane.db, clock: systemClock, throttle: createSignInThrottle(systemClock) });
        try {
          await sessions.setPassword(argument, password);
        } catch (error) {
          if (error instanceof AppError) throw new CliError(error.code === 'unauthenticated' ? `no user ${argument}` : error.message);
          throw error;
        }
        out(`password set for ${printableName(argument)}; sign in at /app/`);
        return;
      }
      default:
        throw new CliError(`unknown command "${command}"\n\n${USAGE}`);
    }
  } finally {
    await controlPlane.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof CliError || error instanceof ConfigError) {
    process.stderr.write(`logward: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`logward: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
