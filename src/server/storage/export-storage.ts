import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * Where data exports wait for their download (issue 31 item 8): a private folder, never the
 * public media path (MEDIA_DIR is served as it is). Only the app reads these files, for the
 * member whose export it is.
 */
export interface ExportStorage {
  /** Writes the whole file or nothing: a crash mid-way leaves no half file under `fileName`. */
  put(fileName: string, contents: Uint8Array): Promise<void>;
  get(fileName: string): Promise<Buffer | undefined>;
  remove(fileName: string): Promise<void>;
  /** Every stored file's name, with when it was last written (for the sweep of leftovers). */
  list(): Promise<Array<{ fileName: string; modifiedAt: Date }>>;
}

const SAFE_FILE_NAME = /^[A-Za-z0-9_-]+\.zip$/;
const PARTIAL_SUFFIX = '.partial';

export function localExportStorage(directory: string): ExportStorage {
  const root = resolve(directory);
  const pathOf = (fileName: string) => {
    if (!SAFE_FILE_NAME.test(fileName)) throw new Error(`Unsafe file name: ${fileName}`);
    return join(root, fileName);
  };
  return {
    async put(fileName, contents) {
      const path = pathOf(fileName);
      await mkdir(root, { recursive: true });
      // Written aside, then renamed: a rename within one folder is atomic.
      const partial = `${path}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`;
      try {
        await writeFile(partial, contents);
        await rename(partial, path);
      } finally {
        await rm(partial, { force: true });
      }
    },
    async get(fileName) {
      try {
        return await readFile(pathOf(fileName));
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(fileName) {
      await rm(pathOf(fileName), { force: true });
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(root);
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return [];
        throw error;
      }
      const files = await Promise.all(
        names.map(async (name) => ({
          fileName: name,
          modifiedAt: (await stat(join(root, name)).catch(() => undefined))?.mtime,
        })),
      );
      return files.flatMap((file) =>
        file.modifiedAt && SAFE_FILE_NAME.test(file.fileName)
          ? [{ fileName: file.fileName, modifiedAt: file.modifiedAt }]
          : [],
      );
    },
  };
}
