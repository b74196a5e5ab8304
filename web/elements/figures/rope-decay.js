// Section 4d: RoPE logit against relative distance (random vs all-ones q, k), and RoFormer's bound.
import { PosencFigure, define } from '../figure.js';
import { LinePlot } from '../lineplot.js';
import { h } from '../dom.js';
import { exact } from '../format.js';

export class RopeDecay extends PosencFigure {
  static tag = 'posenc-rope-decay';
  static strings = {
    en: {
      decay_scores: 'Logit ⟨R_Δ q, R_0 k⟩ against distance Δ',
      decay_bound: 'RoFormer’s relative bound (1/(d/2)) Σ|S_j|, not to the logit’s scale',
      rand: 'random q, k',
      bound: 'relative bound',
      bound_note: (d, b0) =>
        `Relative bound, as in RoFormer’s figure: the bound on |logit| divided by (d/2)·max|h_{l+1} − h_l|. ` +
        `For all-ones q, k that factor is d = ${d}, so at Δ = 0 the panel’s ${exact(b0)} ` +
        `stands for a bound of ${exact(d * b0)}, above the logit of ${d}. (That product is worked out in the page.)`,
      maxdist: 'max distance',
    },
    zh: {
      decay_scores: 'logit ⟨R_Δ q, R_0 k⟩ 随距离 Δ 变化',
      decay_bound: 'RoFormer 的相对上界 (1/(d/2)) Σ|S_j|，与 logit 不在同一尺度',
      rand: '随机 q、k',
      bound: '相对上界',
      bound_note: (d, b0) =>
        `相对上界，与 RoFormer 论文图中的一样：|logit| 的上界除以 (d/2)·max|h_{l+1} − h_l|。` +
        `q、k 全为 1 时这个因子等于 d = ${d}，所以 Δ = 0 处右图的 ${exact(b0)} 代表的上界是 ${exact(d * b0)}，` +
        `高于 logit ${d}。（这个乘积由页面算出。）`,
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
    this.boundNote = h('p', { class: 'note bound-note' });
    this.body.append(h('div', { class: 'grid2' }, this.scores.el, this.bound.el), this.boundNote);
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
    this.boundNote.textContent = this.t('bound_note')(p.dim, r.bound[0]);
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
