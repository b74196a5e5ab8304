// `posenc config` as text: each layer type's resolved RoPE, the notes every layer type shares once,
// and the llama.cpp flags. The numbers are the library's; this file only lays them out and says
// which part of a head turns.

/** The text report of ropeFromConfig's results (one per layer type) and llamaCppFlags' advice. */
export function configText(layers, llamaCpp) {
  const shared = layers.length > 1 ? layers[0].notes.filter((n) => layers.every((r) => r.notes.includes(n))) : [];
  const lines = [];
  for (const r of layers) {
    lines.push(
      `${r.layerType}:`,
      `  rope type        ${r.ropeType}`,
      `  head dim         ${headDim(r)}`,
      `  rotary dim       ${rotaryDim(r)}`,
      `  base             ${r.base}`,
      `  layout           ${r.layout}`,
      `  attention factor ${r.attentionFactor}`,
      `  frequencies      ${frequencies(r.frequencies)}${r.axial ? ' (each axis)' : ''}`,
    );
    if (r.axial) lines.push(`  axial            ${axialText(r.axial)}`);
    if (r.sections)
      lines.push(`  sections         [${r.sections.join(', ')}]${r.interleavedSections ? ' interleaved' : ''}`);
    if (r.layersWithoutRope.length) lines.push(`  layers, no RoPE  ${r.layersWithoutRope.join(', ')}`);
    for (const note of r.notes) if (!shared.includes(note)) lines.push(`  - ${note}`);
  }
  if (shared.length) lines.push('every layer type:', ...shared.map((note) => `  - ${note}`));
  lines.push('llama.cpp:', `  flags: ${llamaCpp.flags.length ? llamaCpp.flags.join(' ') : '(none)'}`);
  for (const note of new Set(llamaCpp.notes)) lines.push(`  - ${note}`);
  return `${lines.join('\n')}\n`;
}

// Pairs at the end of the list that never turn (frequency 0): Gemma 4's proportional RoPE keeps
// the whole head in its tables but turns only the first pairs.
function stillPairs(frequencies) {
  let n = 0;
  while (n < frequencies.length && frequencies[frequencies.length - 1 - n] === 0) n++;
  return n;
}

function rotaryDim(r) {
  if (r.axial) return `${r.rotaryDim} (${r.rotaryDim / 2} by each axis)`;
  const still = stillPairs(r.frequencies);
  const turning = r.rotaryDim - 2 * still;
  if (still > 0) return `${turning} of ${r.headDim} (the other ${still} pairs have frequency 0: they never turn)`;
  return r.rotaryDim < r.headDim ? `${r.rotaryDim} of ${r.headDim}` : `${r.rotaryDim}`;
}

// A vision encoder's 2-D RoPE: which axis turns the first half of the pairs, on the image's patch grid.
function axialText(axial) {
  const [first, second] = axial === 'yx' ? ['rows', 'columns'] : ['columns', 'rows'];
  return (
    `${axial}: ${first} turn the first half of the pairs and ${second} the second, each at the frequencies ` +
    "below; give rope() the image's gridWidth and gridHeight"
  );
}

function frequencies(values) {
  const turning = values.slice(0, values.length - stillPairs(values));
  const shown = Array.from(turning.slice(0, 4), (v) => v.toPrecision(6));
  const last = turning.length > 4 ? `, ... ${turning[turning.length - 1].toPrecision(6)}` : '';
  return `${turning.length}: ${shown.join(', ')}${last}`;
}

// Multi-head latent attention (DeepSeek-V2/V3, Kimi K2, GLM-4.7-Flash): RoPE turns the last headDim
// features of each query and key head; the ones before carry no position.
function headDim(r) {
  if (r.qkHeadDim === r.headDim) return `${r.headDim}`;
  return (
    `${r.headDim}: the last ${r.headDim} of each ${r.qkHeadDim}-wide query and key head (qk_rope_head_dim); ` +
    `the first ${r.qkHeadDim - r.headDim} (qk_nope_head_dim) carry no position`
  );
}
