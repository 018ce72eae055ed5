import { composeApp } from './app/compose.js';
import { createLogger } from './app/create-logger.js';
import { ConfigError, loadConfig } from './config/index.js';
import { systemClock } from './shared/clock.js';

// The only file that reads process.env, handles signals or exits.
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`logward: invalid configuration: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  let app;
  try {
    app = await composeApp({ config, clock: systemClock, logger });
  } catch (error) {
    // A setting the stores contradict (a secret key other than the cluster's) is refused like an invalid one.
    if (error instanceof ConfigError) {
      process.stderr.write(`logward: invalid configuration: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  if (app.bootstrap.created) {
    process.stdout.write(
      [
        '',
        'Logward created the main account on this first start. These values are shown only once:',
        `  account id     ${app.bootstrap.account.id}`,
        `  admin user     ${config.bootstrapAdminEmail}`,
        `  API token      ${app.bootstrap.apiToken}`,
        `  shipping token ${app.bootstrap.shippingToken}`,
        '',
        `Try: curl -H 'X-API-TOKEN: ${app.bootstrap.apiToken}' http://localhost:${config.apiPort}/v2/whoami`,
        '',
      ].join('\n') + '\n',
    );
  }

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.start();
  logger.info({ roles: config.roles, apiPort: config.apiPort, region: config.region }, 'logward started');
}

main().catch((error: unknown) => {
  process.stderr.write(`logward: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
