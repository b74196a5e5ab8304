// Section 6a: theta_i of every pair under every RoPE scaling (log scale), against the original context.
import { PosencFigure, define } from '../figure.js';
import { LinePlot } from '../lineplot.js';
import { h } from '../dom.js';
import { num } from '../format.js';
import { SCALINGS } from '../recipes.js';

// Okabe-Ito (colour-blind safe), one per scaling; default drawn dashed in the foreground colour
export const SCALING_COLORS = {
  linear: '#E69F00',
  ntk: '#56B4E9',
  dynamic: '#009E73',
  yarn: '#D55E00',
  longrope: '#CC79A7',
  llama3: '#0072B2',
};

export class RopeScalingFrequencies extends PosencFigure {
  static tag = 'posenc-rope-scaling-frequencies';
  static strings = {
    en: {
      freq_title: 'Frequency θ_i of each pair under every scaling',
      one_turn: 'one turn in L tokens (θ = 2π/L)',
      freq_note:
        'Drawn at a sequence of s × L tokens, so dynamic NTK and LongRoPE are in their long-context state. ' +
        'LongRoPE here uses illustrative factors (short: all 1; long: a ramp from 1 to s); real models ship ' +
        'searched lists — paste one below.',
    },
    zh: {
      freq_title: '各种缩放方式下每一对维度的频率 θ_i',
      one_turn: 'L 个 token 转一圈（θ = 2π/L）',
      freq_note:
        '按 s × L 个 token 的序列计算，因此动态 NTK 与 LongRoPE 处于长上下文状态。这里的 LongRoPE 因子只是示意（short 全为 1，long 从 1 线性增到 ' +
        's）；真实模型发布的是搜索得到的列表——可在下方粘贴。',
    },
  };
  title_() {
    return this.t('freq_title');
  }
  setup() {
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    this.control('factor', this.t('factor'));
    this.control('original', this.t('original'));
    this.plot = new LinePlot({
      xLabel: this.t('pair_i'),
      yLabel: this.t('theta_log'),
      height: 300,
      yLog: true,
      name: 'rope_scaling_theta',
    });
    this.cards = h('div', { class: 'cards' });
    this.dynNote = h('p', { class: 'note dyn-note' });
    this.body.append(this.plot.el, this.cards, h('p', { class: 'note', text: this.t('freq_note') }), this.dynNote);
  }
  async update(p) {
    const r = await this.compute('ropeScalingFrequencies', p);
    // dynamic NTK's effective factor at the drawn length: s · seqLen / L - (s - 1)
    this.dynNote.textContent = this.t('dyn_note')(
      num(p.factor),
      's × L',
      num((p.factor * r.seqLen) / p.original - (p.factor - 1)),
    );
    const series = [{ name: this.t('sc_default'), values: r.default, color: 'var(--fg)', dash: '5 3', width: 2.2 }];
    for (const type of SCALINGS)
      series.push({ name: this.t(`sc_${type}`), values: r.theta[type], color: SCALING_COLORS[type], width: 1.6 });
    // the original context as a frequency: one full turn in L tokens (a unit change of L for this axis)
    this.plot.set({
      series,
      hMarkers: [{ y: (2 * Math.PI) / p.original, label: `${this.t('one_turn')}, L = ${p.original}` }],
      opts: { name: `rope_scaling_theta_d${p.dim}_s${p.factor}_L${p.original}` },
    });
    // each card carries its curve's colour as a bar: as text colour, several series colours fall below 4.5:1
    this.cards.replaceChildren(
      ...SCALINGS.map((type) =>
        h(
          'div',
          { class: 'card' },
          h('div', { class: 'k', text: `${this.t(`sc_${type}`)} · ${this.t('attn')}` }),
          h('div', {
            class: 'v',
            text: num(r.attention[type]),
            style: `border-left:4px solid ${SCALING_COLORS[type]};padding-left:6px`,
          }),
        ),
      ),
    );
    this.redraw();
  }
  redraw() {
    this.plot.draw(this.widthOf(this.plot.el) || this.bodyWidth);
  }
}
define(RopeScalingFrequencies);
