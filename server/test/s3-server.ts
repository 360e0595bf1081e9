import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../src/config.ts';

/**
 * A real S3 protocol server for the storage tests: s3rver (npm), in this process, on a random port of
 * 127.0.0.1, its objects in a temporary folder. `stop` and `start` again (same port, same objects) let a
 * test see the bucket go away mid-test.
 */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** A storage configuration for this server, its keys under `prefix` (one per test app). */
  storageConfig(prefix: string): StorageConfig;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

/** s3rver's own keys: it checks the signature of every signed request against them. */
const KEY = 'S3RVER';

export async function startS3Server(bucket = 'ltf-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'ltf-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    if (server) return;
    server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    const address = await server.run();
    port = address.port;
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  await start();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    storageConfig: (prefix) => ({
      driver: 's3',
      bucket,
      prefix,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: KEY,
      secretAccessKey: KEY,
    }),
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
