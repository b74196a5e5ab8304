// The path of a dense series, one with many points per pixel column (the logit over 16,384 distances on a plot
// a thousand pixels wide), drawn as its band. Drawn as a line, such a series zigzags the full height of each
// column, and rasterising those thousands of overlapping strokes costs tens of milliseconds per redraw in
// software. Its band (per column, from the lowest value to the highest) covers the same pixels, and is one fill.
//
// Per run of drawable values (a value that is not drawable ends a run, as it breaks the line), the polygon goes
// left to right through each column's highest point, then back through each column's lowest. The line between
// two neighbouring columns stays inside the polygon: its ends lie within the two columns' ranges.
// The band reaches half the line's width past its highest and lowest points, so that where the series varies
// slowly it is as thick as the line would be. It is filled, not stroked: stroking its zigzag edges would cost
// most of what the band saves.

// coordinates rounded to 3 decimals, as line.js does
const round = (v) => Math.round(v * 1000) / 1000;

/**
 * @param {ArrayLike<number>} values the series
 * @param {(i: number) => number} px index -> x in pixels
 * @param {(v: number) => number} py value -> y in pixels
 * @param {(v: number) => boolean} ok whether a value is drawn
 * @param {number} half how far the band reaches past its points, in pixels (half the line's width)
 * @returns {string | null} the path text, null when no value is drawn
 */
export function bandPath(values, px, py, ok, half) {
  const n = values.length;
  let out = '';
  for (let i = 0; i < n;) {
    if (!ok(values[i])) {
      i++;
      continue;
    }
    const top = [],
      bottom = [];
    while (i < n && ok(values[i])) {
      const col = Math.floor(px(i));
      let lo = i,
        hi = i,
        j = i + 1;
      for (; j < n && ok(values[j]) && Math.floor(px(j)) === col; j++) {
        if (values[j] < values[lo]) lo = j;
        if (values[j] > values[hi]) hi = j;
      }
      // y grows downwards: the highest value has the smallest y
      top.push(`${round(px(hi))},${round(py(values[hi]) - half)}`);
      bottom.push(`${round(px(lo))},${round(py(values[lo]) + half)}`);
      i = j;
    }
    out += `M${top.join('L')}L${bottom.reverse().join('L')}Z`;
  }
  return out || null;
}
