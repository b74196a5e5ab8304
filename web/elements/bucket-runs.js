// Which distances get a T5 bucket of their own, read off the library's bucket matrix (no bucket
// formula here: the caption states what the figure's own buckets show).

/**
 * From a [seq x seq] bucket matrix (row i = query, column j = key), the buckets of the keys behind
 * the last query, by distance n = i - j = 0..seq-1, and:
 *   own   the distances 0..own-1 each alone in their bucket (among the distances shown),
 *   shared  the first bucket holding more than one distance: { bucket, distances } (null if none).
 */
export function bucketRuns(buckets, seq) {
  const last = (seq - 1) * seq;
  const byDistance = Array.from({ length: seq }, (_, n) => buckets[last + seq - 1 - n]);
  const count = new Map();
  for (const b of byDistance) count.set(b, (count.get(b) ?? 0) + 1);
  let own = 0;
  while (own < seq && count.get(byDistance[own]) === 1) own++;
  if (own === seq) return { own, shared: null };
  const bucket = byDistance[own];
  return { own, shared: { bucket, distances: byDistance.flatMap((b, n) => (b === bucket ? [n] : [])) } };
}

/** "3–5" for a run of consecutive integers, else "3, 6, 9" (at most six, then "…"). */
export function listDistances(ds) {
  if (ds.length > 1 && ds[ds.length - 1] - ds[0] === ds.length - 1) return `${ds[0]}–${ds[ds.length - 1]}`;
  return ds.length > 6 ? `${ds.slice(0, 6).join(', ')}, …` : ds.join(', ');
}
