// What `posenc lab` prints: per scheme and test length, exact match over the seeds (the mean and
// the spread, min-max) as a table, or every run's numbers as JSON.

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const percent = (x) => (100 * x).toFixed(1);

/**
 * Per scheme (in the order they ran): exact match per test length (mean, min, max over seeds) and the
 * mean final loss. runs: [{ scheme, encoding, scaling, seed, finalLoss, results: [{ length, exactMatch }] }].
 */
export function summarise(runs) {
  const schemes = new Map();
  for (const run of runs) {
    if (!schemes.has(run.scheme)) schemes.set(run.scheme, []);
    schemes.get(run.scheme).push(run);
  }
  return [...schemes.values()].map((group) => ({
    scheme: group[0].scheme,
    encoding: group[0].encoding,
    scaling: group[0].scaling,
    seeds: group.map((run) => run.seed),
    // null when the runs took no step
    finalLoss: group.some((run) => run.finalLoss === null) ? null : mean(group.map((run) => run.finalLoss)),
    lengths: group[0].results.map(({ length }, i) => {
      const exact = group.map((run) => run.results[i].exactMatch);
      return { length, mean: mean(exact), min: Math.min(...exact), max: Math.max(...exact) };
    }),
  }));
}

// One cell: the mean, and with more than one seed the spread.
function cell({ mean: m, min, max }, seeds) {
  return seeds > 1 ? `${percent(m)} (${percent(min)}-${percent(max)})` : percent(m);
}

/** The table: a heading, then one row per scheme, a column per test length and the final loss. */
export function labTable(settings, runs) {
  const summary = summarise(runs);
  const seeds = summary[0].seeds.length;
  const header = ['scheme', ...summary[0].lengths.map(({ length }) => String(length)), 'final loss'];
  const loss = (s) => (s.finalLoss === null ? '-' : s.finalLoss.toFixed(3));
  const rows = summary.map((s) => [s.scheme, ...s.lengths.map((l) => cell(l, seeds)), loss(s)]);
  const widths = header.map((_, c) => Math.max(...[header, ...rows].map((row) => row[c].length)));
  const line = (row) =>
    row
      .map((text, c) => (c === 0 ? text.padEnd(widths[c]) : text.padStart(widths[c])))
      .join('  ')
      .trimEnd();
  const { task, trainLength, steps, samples } = settings;
  const spread = seeds > 1 ? `the mean over ${seeds} seeds (min-max)` : 'one seed';
  return [
    `${task}, trained on contents of 1..${trainLength} tokens for ${steps} steps`,
    `exact match (%) of ${samples} examples per test length: ${spread}`,
    '',
    line(header),
    ...rows.map(line),
    '',
  ].join('\n');
}

/** Everything as JSON: the settings, each run, and the summary the table shows. */
export function labJson(settings, runs) {
  return `${JSON.stringify({ ...settings, runs, summary: summarise(runs) }, null, 2)}\n`;
}
