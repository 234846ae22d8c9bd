/**
 * Splits the browser test files into `count` shards that end at about the same time: longest
 * first, each to the lightest shard so far. `weights` are seconds from a recorded run
 * (file-weights.json); a file not in it counts as an average one. Each shard's files are
 * returned in name order.
 */
export function balanceShards(
  files: string[],
  weights: Record<string, number>,
  count: number,
): string[][] {
  const known = Object.values(weights);
  const average = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  const weightOf = (file: string) => weights[file] ?? average;
  const shards = Array.from({ length: count }, () => ({ files: [] as string[], weight: 0 }));
  for (const file of [...files].sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((min, shard) => (shard.weight < min.weight ? shard : min));
    lightest.files.push(file);
    lightest.weight += weightOf(file);
  }
  return shards.map((shard) => shard.files.sort());
}
