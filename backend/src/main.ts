import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataDirLockedError } from '@brewery/eventstore';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { configureApp } from './platform/http/configure-app';
import { applyConnectionLimits } from './platform/http/connection-limits';
import { ConnectionStats } from './modules/system';
import { describe } from './platform/event-sourcing/store-writes';
import { JsonLogger } from './platform/logging/json-logger';
import { checkDataDir, DataDirError } from './platform/persistence/data-dir-check';
import { StoreOpenError } from './platform/persistence/store-open-error';
import type { Clock } from './platform/clock';
import { ProjectionRunner } from './platform/projections/projection-runner';
import { HttpEdge } from './platform/http/http-edge';

export async function createApp(config: AppConfig, clock?: Clock): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, clock), appOptions(config));
  prepareApp(app, config);
  return app;
}

/** How the Nest application is created: its logger, and the bodies it reads. */
export function appOptions(config: AppConfig) {
  return {
    logger: new JsonLogger(config.logLevel),
    // A provider that fails at start (a store that cannot be opened) reaches bootstrap's one-line message.
    abortOnError: false,
    rawBody: true,
    bodyParser: true,
  };
}

/** Everything done to a created application before it starts: the HTTP edge (body parsing and limits included), shutdown hooks. */
export function prepareApp(app: NestExpressApplication, config: AppConfig): void {
  configureApp(app, config);
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
}

async function bootstrap(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  try {
    await checkDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirError) {
      process.stderr.write(`Cannot start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  const logger = new Logger('Shop');
  const started = Date.now();
  await app.init();
  await app.get(ProjectionRunner).whenReadModelsCaughtUp();
  const trust = app.getHttpAdapter().getInstance().get('trust proxy fn') as (address: string, hop: number) => boolean;
  app.get(ConnectionStats).attach(applyConnectionLimits(app.getHttpServer(), config.http, (address) => trust(address, 0)));
  await app.listen(config.port, config.host);
  app.get(HttpEdge).shopPages()?.warm();
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  logger.log({
    msg: `shop listening on ${url}`,
    eventStore: config.eventStore.kind,
    readModels: config.readModels.kind,
    payments: config.stripe ? 'stripe' : 'local test gateway',
    mail: config.mail.smtpUrl ? 'smtp' : 'outbox files',
    readyInMs: Date.now() - started,
  });
}

if (require.main === module) {
  bootstrap().catch((error: unknown) => {
    if (error instanceof StoreOpenError || error instanceof DataDirLockedError) {
      process.stderr.write(`Cannot start: ${error.message}\n`);
      process.exit(1);
    }
    // A file-system or database cause the operator can act on is one line; anything else keeps its stack.
    const code = (error as { code?: unknown } | null)?.code;
    const known = typeof code === 'string' && describe(error) !== (error as Error).message;
    const path = (error as { path?: unknown }).path;
    process.stderr.write(
      known
        ? `Failed to start: ${describe(error)}${typeof path === 'string' ? ` (${path})` : ''}\n`
        : `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
