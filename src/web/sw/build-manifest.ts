/**
 * The files of this build the worker precaches, and the build's revision: written into the
 * built worker in place of `self.__BUILD_MANIFEST__` (scripts/service-worker-build.ts), so
 * the list is exactly the deployed build's and a new build is a new worker.
 */
declare const self: {
  __BUILD_MANIFEST__?: { revision: string; files: string[] };
};

export const buildManifest: { revision: string; files: readonly string[] } =
  self.__BUILD_MANIFEST__ ?? { revision: 'unbuilt', files: [] };
