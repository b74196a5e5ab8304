// A colour map as 256 RGB samples, linearly interpolated in between: the form in which the figures
// carry d3-scale-chromatic's maps (tools/color-tables.mjs samples the real package at t = i/255,
// the very points colors.js builds its lookup tables from). The package's flat module keeps every
// scheme's table, 7.4 KB gzipped that a bundler cannot drop; four ramps cost a fraction of that.

/** The interpolator of the ramp whose samples are `hex` (256 "rrggbb" groups). */
export function ramp(hex) {
  const v = new Uint8Array(768);
  for (let i = 0; i < 768; i++) v[i] = parseInt(hex.substr(2 * i, 2), 16);
  return (t) => {
    const s = Math.max(0, Math.min(1, +t || 0)) * 255;
    const i = Math.min(254, Math.floor(s)),
      f = s - i;
    const c = (k) => Math.round(v[3 * i + k] + f * (v[3 * i + 3 + k] - v[3 * i + k]));
    return `rgb(${c(0)}, ${c(1)}, ${c(2)})`;
  };
}
