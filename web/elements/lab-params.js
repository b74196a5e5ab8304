// The lab figures' parameters, by tag, as FIGURE_PARAMS (recipes.js) holds the other figures': a table of
// its own, so that the core embed does not carry the lab. One kind is the lab's own: `set`, a subset of
// `values` written as a comma-separated list in their order ("rope,alibi"); params.js does not know it, so
// a lab figure parses it through the spec's own parse() (lab-figure.js) and the page's URL state does too.
import { LAB_DEFAULTS, LAB_LIMITS, LAB_SCHEMES } from './lab-defaults.js';
import { int, choice } from './recipes.js';

/** A subset of `values` in their order; an empty or unreadable list falls back to the default. */
export function set(def, values) {
  return {
    type: 'set',
    def: def.join(','),
    values,
    parse(raw) {
      if (raw === null || raw === undefined) return this.def;
      const picked = String(raw).slice(0, 400).split(',');
      const kept = values.filter((v) => picked.includes(v));
      return kept.length ? kept.join(',') : this.def;
    },
  };
}

export const LAB_PARAMS = {
  'posenc-lab-controls': {
    task: choice(LAB_DEFAULTS.task, ['copy', 'reverse', 'recall']),
    schemes: set(LAB_DEFAULTS.schemes, LAB_SCHEMES),
    trainLength: int(LAB_DEFAULTS.trainLength, ...LAB_LIMITS.trainLength),
    steps: int(LAB_DEFAULTS.steps, ...LAB_LIMITS.steps, { scale: 'log' }),
    seeds: int(LAB_DEFAULTS.seeds, ...LAB_LIMITS.seeds),
  },
  'posenc-lab-loss': { scale: choice('log', ['log', 'linear']) },
  'posenc-lab-accuracy': {
    metric: choice('exact', ['exact', 'token']),
    scalings: choice('on', ['on', 'off']),
    highlight: choice('all', ['all', ...LAB_SCHEMES]),
  },
  'posenc-lab-attention': {
    scheme: choice('rope', LAB_SCHEMES),
    layer: int(2, 1, 4),
    head: int(1, 1, 16),
  },
  'posenc-lab-blind-zone': { metric: choice('token', ['token', 'exact']) },
};

/** A raw string as a parameter's value: the spec's own parse for a set, else params.js's. */
export const parseLab = (spec, raw, parseValue) => (spec.parse ? spec.parse(raw) : parseValue(spec, raw));
