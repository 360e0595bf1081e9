import type { StorageConfig } from '../config.ts';
import { createReadStream } from 'node:fs';
import { stat as statFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { uploadsRoot } from './disk.ts';
import { contentTypeOf, type Storage } from './storage.ts';

/** The bucket, its keys' prefix, the endpoint, region and keys, as config.ts reads them from the environment. */
export type S3Settings = Omit<Extract<StorageConfig, { driver: 's3' }>, 'driver'>;

/** Whether an SDK error says the object (or bucket) is not there. */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * The S3 driver (decision 0022): the files in one bucket, entirely private (no public ACL is ever set, no
 * URL to the bucket is handed out), under `<prefix>/public/<name>` and `<prefix>/private/<name>`. Public
 * files reach visitors through the server's own `/uploads/:name` route; private ones through the content
 * route after its access check. Uploads are staged on the local disk first, as on the disk driver.
 */
export function s3Storage(settings: S3Settings, dataDir: string): Storage {
  // On Node 20 the SDK prints a multi-line notice that its 2027 releases need Node 22 before the start's own
  // lines (a refused start would no longer be one line); the README already says which Node versions to run.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    maxAttempts: 2,
    // Checksums only where S3 requires them: many S3-compatible servers (older MinIO, s3rver) do not
    // read the SDK's newer trailing checksums of streamed uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket } = settings;
  const folder = (isPrivate: boolean) =>
    `${settings.prefix ? `${settings.prefix}/` : ''}${isPrivate ? 'private' : 'public'}/`;
  const keyOf = (isPrivate: boolean, name: string) => folder(isPrivate) + path.basename(name);
  const head = async (isPrivate: boolean, name: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(isPrivate, name) }));
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  };
  const put = (isPrivate: boolean, name: string, body: Readable, size: number) =>
    client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: keyOf(isPrivate, name),
        Body: body,
        ContentLength: size,
        ContentType: contentTypeOf(name),
      }),
    );
  const remove = async (isPrivate: boolean, names: readonly string[]) => {
    await Promise.all(
      names.map((name) =>
        client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(isPrivate, name) })),
      ),
    );
  };
  return {
    driver: 's3',
    where: `s3://${bucket}${settings.prefix ? `/${settings.prefix}` : ''}`,
    stagingRoot: path.join(uploadsRoot(dataDir), 'tmp'),
    async putFile(isPrivate, name, localPath) {
      const { size } = await statFile(localPath);
      await put(isPrivate, name, createReadStream(localPath), size);
    },
    putStream: (isPrivate, name, body, size) => put(isPrivate, name, body, size).then(() => undefined),
    async open(isPrivate, name, range) {
      let got;
      try {
        got = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: keyOf(isPrivate, name),
            ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
          }),
        );
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
      const size = Number(got.ContentLength ?? 0);
      const sent = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(got.ContentRange ?? '');
      return {
        stream: got.Body as Readable,
        size,
        totalSize: sent ? Number(sent[3]) : size,
        ...(range && sent ? { range: { start: Number(sent[1]), end: Number(sent[2]) } } : {}),
        ...(got.ETag ? { etag: got.ETag } : {}),
        ...(got.LastModified ? { modified: got.LastModified } : {}),
      };
    },
    async stat(isPrivate, name) {
      const found = await head(isPrivate, name);
      return found
        ? { name, size: Number(found.ContentLength ?? 0), modified: found.LastModified ?? new Date(0) }
        : undefined;
    },
    remove,
    async makePrivate(name) {
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: keyOf(true, name),
            CopySource: `${bucket}/${keyOf(false, name)}`,
          }),
        );
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      await remove(false, [name]);
    },
    async *list(isPrivate) {
      const prefix = folder(isPrivate);
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) {
          const name = (o.Key ?? '').slice(prefix.length);
          if (!name || name.includes('/')) continue;
          yield { name, size: Number(o.Size ?? 0), modified: o.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async check(timeoutMs) {
      await client.send(new HeadBucketCommand({ Bucket: bucket }), {
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
    },
    close: () => client.destroy(),
  };
}
