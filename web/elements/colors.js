// Colour maps (presentation only): a colour-blind-safe sequential map (viridis), a diverging one (RdBu
// reversed: blue negative, red positive) centred on zero, and a categorical one for ids that are names, not
// amounts (T5's buckets): over the domain [0, 255] value i gets Tableau10's colour i mod 10. Every map is
// bytes in the embed: only the ones the figures use are here.
import { interpolateViridis, interpolateRdBu, schemeTableau10 } from 'd3-scale-chromatic';

export const SCHEMES = {
  viridis: interpolateViridis,
  rdbu: (t) => interpolateRdBu(1 - t),
  cat: (t) => schemeTableau10[Math.round(t * 255) % 10],
};

// r, g, b of a colour in the two forms the maps give: "#rrggbb" (d3-scale-chromatic's sampled schemes) and
// "rgb(r, g, b)" (its interpolated ones, and web/elements/color-ramp.js, which the bundles use)
function channels(css) {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(css);
  if (hex) return hex.slice(1).map((h) => parseInt(h, 16));
  const rgb = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(css);
  if (rgb) return rgb.slice(1).map(Number);
  throw new TypeError(`colors: a colour map gave ${JSON.stringify(css)}, not #rrggbb or rgb(r, g, b)`);
}

/** A 256-entry RGB lookup table for fast canvas filling. */
const LUTS = new Map();
export function lut(name) {
  if (LUTS.has(name)) return LUTS.get(name);
  const f = SCHEMES[name] ?? SCHEMES.viridis;
  const out = new Uint8ClampedArray(256 * 3);
  for (let i = 0; i < 256; i++) {
    const [r, g, b] = channels(f(i / 255));
    out[3 * i] = r;
    out[3 * i + 1] = g;
    out[3 * i + 2] = b;
  }
  LUTS.set(name, out);
  return out;
}

/** The same table as opaque RGBA pixels packed in 32-bit words, in the byte order of this machine,
 *  so a canvas ImageData can be filled one word per cell (see heatmap.js). */
const PIXELS = new Map();
const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
export function lutPixels(name) {
  if (PIXELS.has(name)) return PIXELS.get(name);
  const rgb3 = lut(name),
    out = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    const [r, g, b] = [rgb3[3 * i], rgb3[3 * i + 1], rgb3[3 * i + 2]];
    out[i] = littleEndian
      ? ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0
      : ((r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
  }
  PIXELS.set(name, out);
  return out;
}
