// Section 4d: RoPE logit against relative distance (random vs all-ones q, k), and RoFormer's bound.
import { PosencFigure, define } from '../figure.js';
import { LinePlot } from '../lineplot.js';
import { h } from '../dom.js';

export class RopeDecay extends PosencFigure {
  static tag = 'posenc-rope-decay';
  static strings = {
    en: {
      decay_scores: 'Logit ⟨R_Δ q, R_0 k⟩ against distance Δ',
      decay_bound: 'RoFormer’s relative bound (1/(d/2)) Σ|S_j|',
      bound_note: 'The true bound is (d/2)·max|h_{l+1} − h_l| times this.',
      rand: 'random q, k',
      bound: 'relative bound',
      maxdist: 'max distance',
    },
    zh: {
      decay_scores: 'logit ⟨R_Δ q, R_0 k⟩ 随距离 Δ 变化',
      decay_bound: 'RoFormer 的相对上界 (1/(d/2)) Σ|S_j|',
      bound_note: '真正的上界是它的 (d/2)·max|h_{l+1} − h_l| 倍。',
      rand: '随机 q、k',
      bound: '相对上界',
      maxdist: '最大距离',
    },
  };
  title_() {
    return this.locale === 'zh' ? '远程衰减：logit 与相对距离' : 'Long-term decay: logit against relative distance';
  }
  setup() {
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    this.control('distance', this.t('maxdist'));
    this.control('seed', this.t('seed'));
    this.scores = new LinePlot({
      xLabel: this.t('distance'),
      yLabel: 'logit',
      height: 230,
      name: 'rope_logit_vs_distance',
    });
    this.bound = new LinePlot({
      xLabel: this.t('distance'),
      yLabel: this.t('bound'),
      height: 200,
      name: 'roformer_decay_bound',
    });
    this.body.append(
      h('div', { class: 'grid2' }, this.scores.el, this.bound.el),
      h('p', { class: 'note', text: this.t('bound_note') }),
    );
  }
  async update(p) {
    const r = await this.compute('ropeDecay', p);
    this.scores.set({
      series: [
        { name: this.t('ones'), values: r.ones, color: '#D55E00' },
        { name: this.t('rand'), values: r.random, color: '#0072B2', width: 1.2 },
      ],
      opts: { title: this.t('decay_scores') },
    });
    this.bound.set({
      series: [{ name: this.t('bound'), values: r.bound, color: '#009E73' }],
      opts: { title: this.t('decay_bound') },
    });
    this.redraw();
  }
  redraw() {
    const ws = this.widthOf(this.scores.el),
      wb = this.widthOf(this.bound.el);
    this.scores.draw(ws);
    this.bound.draw(wb);
  } // read, then write
}
define(RopeDecay);
