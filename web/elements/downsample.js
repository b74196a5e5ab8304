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
 * Float64Array of outRows x outCols. An axis with no more cells than pixels keeps its cells
 * (pass outRows = rows or outCols = cols).
 */
export function boxAverage(data, rows, cols, outRows, outCols) {
  const rb = binsOf(rows, outRows),
    cb = binsOf(cols, outCols);
  const sum = new Float64Array(outRows * outCols),
    count = new Uint32Array(outRows * outCols);
  // Per band of rows that share a pixel row: column sums first (a plain pass down each row, no
  // lookup of a cell's pixel), then each column into its pixel once per band.
  const colSum = new Float64Array(cols),
    colSkipped = new Uint32Array(cols);
  for (let i = 0; i < rows;) {
    const band = rb[i],
      first = i;
    colSum.fill(0);
    colSkipped.fill(0);
    for (; i < rows && rb[i] === band; i++) {
      const row = i * cols;
      for (let j = 0; j < cols; j++) {
        const v = data[row + j];
        if (v - v === 0) colSum[j] += v;
        else colSkipped[j]++; // not finite (NaN and ±Infinity give NaN)
      }
    }
    const at = band * outCols,
      n = i - first;
    for (let j = 0; j < cols; j++) {
      sum[at + cb[j]] += colSum[j];
      count[at + cb[j]] += n - colSkipped[j];
    }
  }
  for (let k = 0; k < sum.length; k++) sum[k] = count[k] ? sum[k] / count[k] : NaN;
  return sum;
}
