import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of Vite's build manifest (`build.manifest`): the built file a source became. */
interface ManifestChunk {
  file: string;
  src?: string;
  /** Manifest keys of the chunks this one imports statically (loaded before it runs). */
  imports?: string[];
  /** The style sheets the chunk and its imports bring (Vite loads them with the chunk). */
  css?: string[];
}
type BuildManifest = Record<string, ManifestChunk>;

/** Where `vite build` writes its manifest, under the build's directory. */
export const MANIFEST_PATH = '/.vite/manifest.json';

/**
 * The built files a source module needs before it runs, as site paths: its own chunk and,
 * depth first, those of its static imports, then the style sheets they bring. Empty for a
 * source the build does not have. The manifest's keys are source paths relative to the web
 * app's root (src/web).
 */
export function builtModulesOf(manifest: BuildManifest, source: string): string[] {
  const files = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    const path = chunk && `/${chunk.file}`;
    if (!chunk || !path || files.has(path)) return;
    files.add(path);
    chunk.imports?.forEach(visit);
    chunk.css?.forEach((css) => styles.add(`/${css}`));
  };
  visit(source);
  return [...files, ...styles];
}

/** Reads the build's manifest once at start-up; an empty one when there is none (no build). */
export function readBuildManifest(distDir: string): BuildManifest {
  const path = join(distDir, MANIFEST_PATH);
  if (!existsSync(path)) return {};
  return JSON.parse(readFileSync(path, 'utf8')) as BuildManifest;
}
