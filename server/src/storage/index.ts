import type { Config } from '../config.ts';
import { storageErrors } from '../metrics.ts';
import { diskStorage } from './disk.ts';
import { s3Storage } from './s3.ts';
import { StorageError, type Storage } from './storage.ts';

export { uploadsRoot } from './disk.ts';
export {
  contentTypeOf,
  oneLine,
  StorageError,
  type ByteRange,
  type Storage,
  type StoredInfo,
  type StoredObject,
} from './storage.ts';

/** The storage STORAGE_URL names (decision 0022): the disk of DATA_DIR, or an S3-compatible bucket. */
export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  const s = config.storage;
  return counted(s?.driver === 's3' ? s3Storage(s, config.dataDir) : diskStorage(config.dataDir));
}

const made = new WeakMap<object, Storage>();

/** The one storage of a configuration: made on first use, the same object after (app, jobs, demo). */
export function storageFor(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  let storage = made.get(config);
  if (!storage) {
    storage = createStorage(config);
    made.set(config, storage);
  }
  return storage;
}

/**
 * Each failure of the driver counted in `ltf_storage_errors_total{op}` and thrown as a StorageError
 * (a missing file is no failure: `open` and `stat` answer undefined).
 */
function counted(storage: Storage): Storage {
  const guard =
    <A extends unknown[], R>(op: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (err) {
        storageErrors.inc({ op });
        throw err instanceof StorageError ? err : new StorageError(op, err);
      }
    };
  return {
    driver: storage.driver,
    where: storage.where,
    stagingRoot: storage.stagingRoot,
    putFile: guard('put', storage.putFile),
    putStream: guard('put', storage.putStream),
    open: guard('open', storage.open),
    stat: guard('stat', storage.stat),
    remove: guard('remove', storage.remove),
    makePrivate: guard('make_private', storage.makePrivate),
    async *list(isPrivate) {
      try {
        yield* storage.list(isPrivate);
      } catch (err) {
        storageErrors.inc({ op: 'list' });
        throw new StorageError('list', err);
      }
    },
    check: guard('check', storage.check),
    close: () => storage.close(),
  };
}
