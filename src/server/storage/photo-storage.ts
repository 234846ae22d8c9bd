import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/**
 * Where photo files live (DESIGN.md §7): a local folder by default; an S3-compatible bucket
 * behind the CDN prefix implements the same interface in production.
 */
export interface PhotoStorage {
  put(fileName: string, contents: Buffer, contentType: string): Promise<void>;
  remove(fileName: string): Promise<void>;
  /** A stored file's bytes, for files the app serves itself (private photos); undefined if none. */
  get(fileName: string): Promise<Buffer | undefined>;
}

const SAFE_FILE_NAME = /^[A-Za-z0-9_-]+\.(webp|jpg|png)$/;

export function localPhotoStorage(directory: string): PhotoStorage {
  const root = resolve(directory);
  const pathOf = (fileName: string) => {
    if (!SAFE_FILE_NAME.test(fileName)) throw new Error(`Unsafe file name: ${fileName}`);
    // Two levels of fan-out keep directories small with millions of files.
    return join(root, fileName.slice(0, 2), fileName);
  };
  return {
    async put(fileName, contents) {
      const path = pathOf(fileName);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, contents);
    },
    async remove(fileName) {
      await rm(pathOf(fileName), { force: true });
    },
    async get(fileName) {
      try {
        return await readFile(pathOf(fileName));
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}

/** The public path of a stored file under the site's cdn_prefix. */
export function mediaUrl(cdnPrefix: string, fileName: string): string {
  return `${cdnPrefix.replace(/\/$/, '')}/${fileName.slice(0, 2)}/${fileName}`;
}
