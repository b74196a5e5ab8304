// Box filter for heatmaps with more cells than screen pixels. Drawing such a matrix one pixel per
// cell and letting the canvas pick one cell per screen pixel shows aliasing (moiré) instead of the
// data; averaging every cell a pixel covers shows what the pixel really stands for. Presentation
// only: the averages colour pixels, the readout and downloads keep the exact cells.

/** Which output pixel each of `n` cells falls in, for `out` <= n pixels: cell i goes to the pixel
 *  that holds its leading edge, floor(i * out / n), so every pixel gets at least one whole cell. */
export function binsOf(n, out) {
  const bins = new Int32Array(n);
  for (let i = 0; i < n; i++) bins[i] = Math.floor((i * out) / n);
  return bins;
}

/**
 * The mean of the finite cells each output pixel covers (NaN where none is finite), as a row-major
 * Float32Array of outRows x outCols; `out`, when it is one of at least that length, is written and
 * returned instead of a new array. An axis with no more cells than pixels keeps its cells (pass
 * outRows = rows or outCols = cols).
 */
export function boxAverage(data, rows, cols, outRows, outCols, out = null) {
  const rb = binsOf(rows, outRows),
    cb = binsOf(cols, outCols);
  // Reused between calls: new memory costs a page fault per 4 KiB at its first write, which on a
  // 2048 x 1024 table took longer than the averaging itself.
  const mean = out && out.length >= outRows * outCols ? out : new Float32Array(outRows * outCols);
  const colCount = new Uint32Array(outCols);
  for (let j = 0; j < cols; j++) colCount[cb[j]]++;
  const colSum = scratch(cols),
    pixelSum = scratch(outCols, 1);
  // Per band of rows that share a pixel row: column sums first (a plain pass down each row, no
  // lookup of a cell's pixel and no test of each value), then each column into its pixel.
  for (let i = 0; i < rows;) {
    const band = rb[i],
      first = i;
    copyRow(colSum, data, i * cols, cols);
    for (i++; i < rows && rb[i] === band; i++) addRow(colSum, data, i * cols, cols);
    pixelSum.fill(0, 0, outCols);
    for (let j = 0; j < cols; j++) pixelSum[cb[j]] += colSum[j];
    const at = band * outCols,
      n = i - first;
    let finite = true;
    for (let k = 0; k < outCols; k++) {
      const m = (mean[at + k] = pixelSum[k] / (n * colCount[k]));
      finite &&= m - m === 0;
    }
    // a NaN or infinite cell made some sum so: the band again, over its finite cells only
    if (!finite) finiteBand(mean.subarray(at, at + outCols), data, cols, first, i, cb);
  }
  return mean;
}

function copyRow(to, data, at, n) {
  for (let j = 0; j < n; j++) to[j] = data[at + j];
}
function addRow(to, data, at, n) {
  for (let j = 0; j < n; j++) to[j] += data[at + j];
}

/** Into `mean`: per pixel column, the mean of the finite cells of rows [r0, r1) that go to it (NaN if none). */
function finiteBand(mean, data, cols, r0, r1, cb) {
  const sum = new Float64Array(mean.length),
    count = new Uint32Array(mean.length);
  for (let i = r0; i < r1; i++)
    for (let j = 0; j < cols; j++) {
      const v = data[i * cols + j];
      if (v - v === 0) {
        sum[cb[j]] += v;
        count[cb[j]]++;
      }
    }
  for (let k = 0; k < mean.length; k++) mean[k] = count[k] ? sum[k] / count[k] : NaN;
}

const scratches = [new Float64Array(0), new Float64Array(0)];
/** A kept Float64Array of at least n entries (two of them, by slot). */
function scratch(n, slot = 0) {
  if (scratches[slot].length < n) scratches[slot] = new Float64Array(n);
  return scratches[slot];
}
