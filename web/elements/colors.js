// Colour maps (presentation only): colour-blind-safe sequential (viridis, cividis) and a
// diverging map (RdBu reversed: blue negative, red positive) centred on zero.
import { interpolateViridis, interpolateCividis, interpolateRdBu, interpolatePuOr } from 'd3-scale-chromatic';
import { rgb } from 'd3-color';

export const SCHEMES = {
  viridis: interpolateViridis,
  cividis: interpolateCividis,
  rdbu: (t) => interpolateRdBu(1 - t),
  puor: (t) => interpolatePuOr(t),
};

/** A 256-entry RGB lookup table for fast canvas filling. */
const LUTS = new Map();
export function lut(name) {
  if (LUTS.has(name)) return LUTS.get(name);
  const f = SCHEMES[name] ?? SCHEMES.viridis;
  const out = new Uint8ClampedArray(256 * 3);
  for (let i = 0; i < 256; i++) { const c = rgb(f(i / 255)); out[3 * i] = c.r; out[3 * i + 1] = c.g; out[3 * i + 2] = c.b; }
  LUTS.set(name, out);
  return out;
}
