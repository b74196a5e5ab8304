// The page's URL <-> figure attributes: ?<figure id>.<param>=value, each value parsed through the
// typed parameter table (validated, clamped, never markup). Imported by main.js before the figure
// elements are defined, so that every figure gets its URL values the moment it is connected (the
// `posenc-connect` event of figure.js) and can start computing before the rest of the page has been
// parsed, instead of waiting for DOMContentLoaded.
import { parseValue, formatValue, attrName } from '../elements/params.js';
import { FIGURE_PARAMS } from '../elements/recipes.js';
import { LAB_PARAMS } from '../elements/lab-params.js';

/** Every figure's parameters on the page: the core figures' and the lab's (whose elements load later). */
export const PAGE_PARAMS = { ...FIGURE_PARAMS, ...LAB_PARAMS };
// a lab `set` parameter parses itself (lab-params.js)
const parse = (spec, raw) => (spec.parse ? spec.parse(raw) : parseValue(spec, raw));

const query = new URLSearchParams(location.search);

/** URL -> attributes of one figure (only its known keys). */
export function applyUrl(el) {
  for (const [name, spec] of Object.entries(PAGE_PARAMS[el.localName] ?? {})) {
    const raw = query.get(`${el.id}.${name}`);
    if (raw !== null) el.setAttribute(attrName(name), formatValue(spec, parse(spec, raw)));
  }
}

document.addEventListener('posenc-connect', (e) => {
  if (!PAGE_PARAMS[e.target.localName] || !e.target.id) return;
  applyUrl(e.target);
  e.detail.configured = true;
});

/** attributes -> URL (only values that differ from the defaults, so links stay short). */
export function writeUrl(figures, lang) {
  const q = new URLSearchParams();
  if (new URLSearchParams(location.search).has('lang')) q.set('lang', lang);
  for (const el of figures) {
    for (const [name, spec] of Object.entries(PAGE_PARAMS[el.localName])) {
      if (spec.linked) continue; // set from another figure, which the URL already holds
      const v = parse(spec, el.getAttribute(attrName(name)));
      if (v !== spec.def) q.set(`${el.id}.${name}`, formatValue(spec, v));
    }
  }
  const s = q.toString();
  history.replaceState(null, '', s ? `?${s}${location.hash}` : location.pathname + location.hash);
}
