// Registers every posenc figure element. Import this module once; then use the tags in HTML.
export { WhyPositions } from './figures/why-positions.js';
export { SinusoidalHeatmap } from './figures/sinusoidal-heatmap.js';
export { SinusoidalTable } from './figures/sinusoidal-table.js';
export { SinusoidalSimilarity } from './figures/sinusoidal-similarity.js';
export { LearnedTable } from './figures/learned-table.js';
export { RelativeClip } from './figures/relative-clip.js';
export { RelativeScores } from './figures/relative-scores.js';
export { RopePlane } from './figures/rope-plane.js';
export { RopeMatrix } from './figures/rope-matrix.js';
export { RopeElementwise } from './figures/rope-elementwise.js';
export { RopeDecay } from './figures/rope-decay.js';
export { RopeShift } from './figures/rope-shift.js';
export { AttentionCompare } from './figures/attention-compare.js';
export { FIGURE_PARAMS } from './params.js';
export { libraryInfo } from './compute.js';
