// Section 3: clip(i - j, dmin, dmax) and how many position vectors each scheme needs.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';
import { h } from '../dom.js';
import { fmtInt, bytes } from '../format.js';

export class RelativeClip extends PosencFigure {
  static tag = 'posenc-relative-clip';
  static strings = {
    en: {
      clip_title: 'clip(i − j, d_min, d_max)',
      queryLen: 'query length',
      keyLen: 'key length',
      context: 'context length',
      need_abs: 'absolute (one vector per position)',
      need_rel: 'relative (one per clipped distance)',
      vectors: 'vectors',
    },
    zh: {
      clip_title: 'clip(i − j, d_min, d_max)',
      queryLen: '查询长度',
      keyLen: '键长度',
      context: '上下文长度',
      need_abs: '绝对编码（每个位置一个向量）',
      need_rel: '相对编码（每个截断距离一个）',
      vectors: '个向量',
    },
  };
  title_() {
    return this.t('clip_title');
  }
  setup() {
    this.control('queryLen', this.t('queryLen'));
    this.control('keyLen', this.t('keyLen'));
    this.control('min', this.t('dmin'));
    this.control('max', this.t('dmax'));
    this.hm = new Heatmap({
      scheme: 'rdbu',
      xLabel: this.t('key'),
      yLabel: this.t('query'),
      showValues: true,
      maxHeight: 420,
      name: 'relative_distance',
    });
    this.countControls = h('div', { class: 'controls' });
    this.cards = h('div', { class: 'cards' });
    this.body.append(this.hm.el, this.countControls, this.cards);
    const cc = this.controlsEl;
    this.controlsEl = this.countControls; // the next two controls sit by the counts
    this.control('context', this.t('context'));
    this.control('dim', this.t('dim'));
    this.controlsEl = cc;
  }
  async update(p) {
    const r = await this.compute('relativeClip', p);
    this.hm.set({
      data: r.data,
      rows: p.queryLen,
      cols: p.keyLen,
      domain: [Math.min(p.min, -p.max, -1), Math.max(p.max, -p.min, 1)],
      opts: { describe: (i, j, v) => `clip(${i} − ${j}, ${p.min}, ${p.max}) = ${v}`, formatValue: String },
    });
    const abs = p.context,
      rel = r.relativeRows,
      per = p.dim * 4;
    const card = (k, n, color, frac) =>
      h(
        'div',
        { class: 'card' },
        h('div', { class: 'k', text: k }),
        h('div', { class: 'v', text: `${fmtInt(n)} ${this.t('vectors')}` }),
        h('div', { class: 's', text: `× ${p.dim} × 4 B = ${bytes(n * per)}` }),
        h('div', { class: 'bar', style: `width:${Math.max(0.5, frac * 100)}%;background:${color}` }),
      );
    this.cards.replaceChildren(
      card(this.t('need_abs'), abs, '#E69F00', 1),
      card(`${this.t('need_rel')}: d_max − d_min + 1`, rel, '#0072B2', rel / Math.max(abs, rel)),
    );
    this.redraw();
  }
  redraw() {
    this.hm.draw(Math.min(this.bodyWidth, 640));
  }
}
define(RelativeClip);
