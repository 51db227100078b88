// `node dist/main.js <express|fastify> [host:port]`: the benchmark routes on
// NestJS 11 with one of its two HTTP adapters, in one Node process (one
// JavaScript thread), like the pinned Rust servers of bench/run.sh.
import 'reflect-metadata';
import { INestApplication, Module, ValidationPipe, VersioningType } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { BenchController, StatusController } from './controllers';

@Module({ controllers: [BenchController, StatusController] })
class BenchModule {}

const logger = ['error', 'warn'] as const;

async function create(adapter: string): Promise<INestApplication> {
  switch (adapter) {
    case 'express': {
      const app = await NestFactory.create<NestExpressApplication>(BenchModule, new ExpressAdapter(), {
        logger: [...logger],
      });
      // The Rust peers send neither header; Express's ETag also hashes every body.
      app.disable('x-powered-by');
      app.set('etag', false);
      return app;
    }
    case 'fastify':
      return NestFactory.create<NestFastifyApplication>(BenchModule, new FastifyAdapter(), {
        logger: [...logger],
      });
    default:
      throw new Error(`unknown adapter ${JSON.stringify(adapter)}; expected express or fastify`);
  }
}

async function main(): Promise<void> {
  const [adapter = 'fastify', addr = '127.0.0.1:3000'] = process.argv.slice(2);
  const colon = addr.lastIndexOf(':');
  const host = addr.slice(0, colon);
  const port = Number(addr.slice(colon + 1));
  const app = await create(adapter);
  app.setGlobalPrefix('api');
  app.enableVersioning({ type: VersioningType.URI });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true }));
  await app.listen(port, host);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
