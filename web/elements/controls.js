// Accessible controls built from the typed parameter table: a slider (native range input: role
// slider, arrow / PageUp / Home / End keys) paired with a number box, and a segmented choice (a
// radio group of buttons). Each returns { el, set(value) }.
// A log slider's range holds a step index (base 10000 is step 552), and Chromium announces that index
// whatever aria-valuetext says. So there the range is for the pointer only, hidden from assistive
// technology and the Tab order, and the number box beside it is the labelled control: it is read out
// as the value itself, and its arrow keys walk round values (1, 1.2, 1.5, 2, … per decade).
import { h } from './dom.js';
import { parseValue, formatValue } from './params.js';

let uid = 0;
const STEPS = 1000;
const ROUND = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8];

/** The round value next to v (up if dir > 0, else down) within [min, max]; with `unit` (an integer's
 *  step: 1, or 2 if even) a multiple of it, at least one unit away. */
export function roundStep(v, dir, { min, max, unit = 0 }) {
  const e = Math.floor(Math.log10(Math.max(Math.abs(v), 1e-9)));
  const grid = [-1, 0, 1].flatMap((k) => ROUND.map((r) => Number((r * 10 ** (e + k)).toPrecision(2))));
  let next = (dir > 0 ? grid.filter((g) => g > v) : grid.filter((g) => g < v).reverse())[0] ?? v + dir * (v || 1);
  if (unit) next = Math.abs(next - v) < unit ? v + dir * unit : Math.round(next / unit) * unit;
  return Math.min(max, Math.max(min, next));
}

export function slider({ label, spec, value, onInput, min = spec.min, max = spec.max }) {
  const id = `pc${++uid}`;
  const log = spec.scale === 'log';
  const lo = log ? Math.log(Math.max(min, spec.type === 'int' ? 1 : 1e-9)) : min,
    hi = log ? Math.log(max) : max;
  const toPos = (v) => (log ? Math.round(((Math.log(Math.max(v, Math.exp(lo))) - lo) / (hi - lo)) * STEPS) : v);
  const fromPos = (p) => {
    if (!log) return p;
    let v = Math.exp(lo + (p / STEPS) * (hi - lo));
    if (p <= 0) v = min;
    return parseValue({ ...spec, min, max }, String(spec.type === 'int' ? Math.round(v) : Number(v.toPrecision(3))));
  };
  const range = h('input', {
    type: 'range',
    id: log ? null : id,
    'aria-hidden': log ? 'true' : null,
    tabindex: log ? -1 : null,
    min: log ? 0 : min,
    max: log ? STEPS : max,
    step: log ? 1 : spec.type === 'int' ? (spec.even ? 2 : 1) : (max - min) / 400,
  });
  const num = h('input', {
    type: 'number',
    id: log ? id : null,
    min,
    max,
    step: spec.type === 'int' ? (spec.even ? 2 : 1) : 'any',
    'aria-label': label,
    inputmode: 'decimal',
  });
  const el = h('div', { class: 'control' }, h('label', { for: id, text: label }), range, num);
  let current = value;
  const show = (v) => {
    current = v;
    range.value = String(toPos(v));
    if (document.activeElement !== num || num.shadowRoot) num.value = formatValue(spec, v);
  };
  range.addEventListener('input', () => {
    const v = parseValue({ ...spec, min, max }, String(fromPos(Number(range.value))));
    if (v !== current) {
      current = v;
      num.value = formatValue(spec, v);
      onInput(v);
    }
  });
  if (log)
    el.addEventListener('keydown', (e) => {
      const dir = { ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1 }[e.key];
      if (!dir) return;
      e.preventDefault();
      const v = parseValue(
        { ...spec, min, max },
        String(roundStep(current, dir, { min, max, unit: spec.type === 'int' && (spec.even ? 2 : 1) })),
      );
      show(v);
      onInput(v);
    });
  num.addEventListener('change', () => {
    const v = parseValue({ ...spec, min, max }, num.value);
    show(v);
    onInput(v);
  });
  show(value);
  return { el, set: show };
}

export function choices({ label, spec, value, onInput, names = (v) => v }) {
  // A radio group: one tab stop (the checked radio), arrow keys move and select, as native radios do.
  const buttons = spec.values.map((v) =>
    h('button', { type: 'button', role: 'radio', text: names(v), onclick: () => pick(v) }),
  );
  const pick = (v) => {
    set(v);
    onInput(v);
  };
  const set = (v) =>
    buttons.forEach((b, i) => {
      const on = spec.values[i] === v;
      b.setAttribute('aria-checked', String(on));
      b.tabIndex = on ? 0 : -1;
    });
  const group = h('div', { class: 'seg', role: 'radiogroup', 'aria-label': label }, buttons);
  group.addEventListener('keydown', (e) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    const at = buttons.indexOf(e.target);
    if (at < 0 || (!step && e.key !== 'Home' && e.key !== 'End')) return;
    e.preventDefault();
    const n = buttons.length;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : (at + step + n) % n;
    pick(spec.values[to]);
    buttons[to].focus();
  });
  set(value);
  const el = h('div', { class: 'control choice' }, h('span', { class: 'lab', text: label }), group);
  return { el, set };
}
