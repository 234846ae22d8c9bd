/**
 * JSON written once per set of kept values it is made of (issue 7 §4). Kept reads
 * (db/kept-reads.ts) hand every request the same frozen objects until a write drops them, so
 * while an answer's parts are the same objects, so is the answer: it is presented, checked
 * against its schema and written once, not on every request. A write, or a renewed site
 * record, brings new objects, and the next request writes the answer anew; nothing here
 * needs dropping of its own, and entries go with their owner object.
 */
export function writtenOnce<Owner extends object>() {
  const byOwner = new WeakMap<Owner, Map<string, { parts: readonly unknown[]; json: string }>>();
  return (owner: Owner, variant: string, parts: readonly unknown[], write: () => string) => {
    let variants = byOwner.get(owner);
    const kept = variants?.get(variant);
    if (kept && kept.parts.every((part, index) => part === parts[index])) return kept.json;
    const json = write();
    if (!variants) byOwner.set(owner, (variants = new Map()));
    variants.set(variant, { parts, json });
    return json;
  };
}
