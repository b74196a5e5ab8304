// M-RoPE: the (t, h, w) positions of text, image and video tokens, and the pairs each axis turns.
// Section 6 of the page, after the config figure: the numbering as Qwen2-VL gives it, which frequency
// pairs each axis turns and the logit of two patches against their 2-D offset, all from the
// mropePositions recipe; this element only lays them out.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';
import { h } from '../dom.js';
import { MROPE_REACH as R, MROPE_ANCHORS, MROPE_TEXT } from '../recipes.js';

const AXES = ['t', 'h', 'w'], COLORS = ['#D55E00', '#0072B2', '#009E73'];
const OFFSETS = Array.from({ length: 2 * R + 1 }, (_, i) => String(i - R));
const ink = (a) => `color:color-mix(in srgb,${COLORS[a]} 75%,var(--fg))`;
const box = 'display:flex;flex-wrap:wrap;gap:4px 14px;align-items:flex-start;margin:4px 0';
const swatch = (a) => h('span', { style: `display:inline-block;width:10px;height:10px;margin-right:4px;background:${COLORS[a]}` });

export class MropePositions extends PosencFigure {
  static tag = 'posenc-mrope-positions';
  title_() { return this.t('mr_title'); }
  setup() {
    this.control('sections', this.t('mr_sections'), { names: (v) => this.t(`mr_${v}`) });
    for (const k of ['height', 'width', 'frames']) this.control(k, this.t(`mr_${k}`));
    this.control('seed', this.t('seed'));
    this.grid = h('div', { class: 'mr-grid', role: 'img', style: `${box};gap:6px` });
    this.strip = h('div', { class: 'mr-strip', role: 'img', style: 'display:flex;height:22px;border:1px solid var(--border)' });
    this.counts = h('div', { class: 'note', style: box });
    this.check = h('div', { class: 'note mr-check' });
    this.map = new Heatmap({ scheme: 'viridis', name: 'mrope_logit_offset', xLabel: 'Δw', yLabel: 'Δh', xLabels: OFFSETS, yLabels: OFFSETS, aspect: 1 });
    this.moved = h('div', { class: 'note' });
    this.body.append(h('div', { class: 'note', text: this.t('mr_grid') }), this.grid,
      h('div', { class: 'note', style: box }, AXES.map((a, k) => h('span', {}, swatch(k), `${a} · ${this.t(`mr_${a}`)}`))),
      h('div', { class: 'note', text: this.t('mr_strip') }), this.strip,
      h('div', { class: 'note', style: 'display:flex;justify-content:space-between;margin:0' }, h('span', { text: this.t('mr_fast') }), h('span', { text: this.t('mr_slow') })),
      this.counts, this.check,
      h('div', { class: 'grid2' }, this.map.el, h('div', {}, h('div', { class: 'note', text: this.t('mr_map_note') }), this.moved)));
  }
  async update(p) {
    const r = await this.compute('mropePositions', p);
    const [t, hh, w] = r.numbering, [before] = MROPE_TEXT, patches = p.height * p.width;
    const cell = (i, dashed) => h('div', { class: 'tok', 'data-thw': `${t[i]},${hh[i]},${w[i]}`, title: `t ${t[i]}, h ${hh[i]}, w ${w[i]}`,
      style: `font:11px/1.1 var(--mono);text-align:center;padding:1px 2px;min-width:22px;border:1px ${dashed ? 'dashed' : 'solid'} var(--border);background:var(--panel)` },
    [t[i], hh[i], w[i]].map((v, a) => h('div', { style: ink(a), text: v })));
    const frame = (f) => h('div', { class: 'frame-block', style: `display:grid;grid-template-columns:repeat(${p.width},auto);gap:2px;padding:3px;border:2px solid var(--muted);border-radius:4px` },
      Array.from({ length: patches }, (_, i) => cell(before + f * patches + i)));
    const text = (from, to) => Array.from({ length: to - from }, (_, i) => cell(from + i, true));
    this.grid.replaceChildren(...text(0, before), ...Array.from({ length: p.frames }, (_, f) => frame(f)), ...text(before + p.frames * patches, t.length));
    this.grid.setAttribute('aria-label', `${this.t('mr_grid')}: ${t.map((_, i) => `${t[i]} ${hh[i]} ${w[i]}`).join('; ')}`);
    const n = [0, 0, 0];
    this.strip.replaceChildren(...Array.from(r.axes, (a, j) => { n[a]++; return h('div', { 'data-axis': AXES[a] ?? '?', title: `${j}: ${AXES[a] ?? '?'}`, style: `flex:1;background:${COLORS[a] ?? 'var(--muted)'}` }); }));
    const counts = AXES.map((a, k) => `${a} ${n[k]}`).join(', ');
    this.strip.setAttribute('aria-label', `${this.t('mr_strip')}: ${counts}. ${Array.from(r.axes, (a) => AXES[a] ?? '?').join(' ')}`);
    this.counts.replaceChildren(...AXES.map((a, k) => h('span', { class: 'mr-count', 'data-axis': a }, swatch(k), `${a}: ${n[k]} ${this.t('mr_pairs')}`)));
    this.check.textContent = `${this.t('mr_text')} ${this.t(r.textSame ? 'cfg_yes' : 'cfg_no')}`;
    let d = 0;
    r.logits.forEach((v, i) => { d = Math.max(d, Math.abs(v - r.moved[i])); });
    this.moved.textContent = this.t('mr_moved').replace('{a}', `(${MROPE_ANCHORS[0].join(', ')})`).replace('{b}', `(${MROPE_ANCHORS[1].join(', ')})`).replace('{d}', d.toPrecision(2));
    this.map.set({ data: r.logits, rows: 2 * R + 1, cols: 2 * R + 1, opts: { title: this.t('mr_map'), describe: (i, j, v, s) => `Δh ${i - R}, Δw ${j - R}: q · k = ${s}` } });
    this.redraw();
  }
  redraw() { this.map.draw(Math.min(460, this.widthOf(this.map.el) || this.width)); }
}
define(MropePositions);
