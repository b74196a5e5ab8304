// Accessible controls built from the typed parameter table: a slider (native range input: role
// slider, arrow / PageUp / Home / End keys, aria-valuetext) paired with a number box, and a
// segmented choice (a radio group of buttons). Each returns { el, set(value) }.
import { h } from './dom.js';
import { parseValue, formatValue } from './params.js';

let uid = 0;
const STEPS = 1000;

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
    id,
    min: log ? 0 : min,
    max: log ? STEPS : max,
    step: log ? 1 : spec.type === 'int' ? (spec.even ? 2 : 1) : (max - min) / 400,
  });
  const num = h('input', {
    type: 'number',
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
    range.setAttribute('aria-valuetext', formatValue(spec, v));
    if (document.activeElement !== num || num.shadowRoot) num.value = formatValue(spec, v);
  };
  range.addEventListener('input', () => {
    const v = parseValue({ ...spec, min, max }, String(fromPos(Number(range.value))));
    if (v !== current) {
      current = v;
      num.value = formatValue(spec, v);
      range.setAttribute('aria-valuetext', formatValue(spec, v));
      onInput(v);
    }
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
