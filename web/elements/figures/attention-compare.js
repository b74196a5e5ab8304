// Section 5: the same q, k under every encoding, at the training length and past it.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';
import { h, s } from '../dom.js';
import { errorBox } from '../error-text.js';

const ENCODINGS = ['none', 'sinusoidal', 'learned', 'relative', 'rope'];

// Hatches the cells whose query or key lies past the table's last row: there is no logit there.
function hatchBlindZone(g, { x, y, pw, ph, from, id, label }) {
  const pattern = s('pattern', {
    id,
    width: 6,
    height: 6,
    patternUnits: 'userSpaceOnUse',
    patternTransform: 'rotate(45)',
  });
  pattern.append(
    s('rect', { width: 6, height: 6, style: 'fill:var(--bg)' }),
    s('line', { x1: 0, y1: 0, x2: 0, y2: 6, style: 'stroke:var(--muted);stroke-width:2' }),
  );
  const defs = s('defs');
  defs.append(pattern);
  const x0 = x(from),
    y0 = y(from);
  g.append(
    defs,
    s('path', { d: `M${x0},0H${pw}V${ph}H0V${y0}H${x0}Z`, fill: `url(#${id})`, 'aria-hidden': 'true' }),
    s('text', {
      x: pw / 2,
      y: Math.min(ph - 4, y0 + (ph - y0) / 2 + 4),
      'text-anchor': 'middle',
      class: 'halo',
      text: label,
    }),
  );
}

export class AttentionCompare extends PosencFigure {
  static tag = 'posenc-attention-compare';
  static strings = {
    en: {
      cmp_title: 'Attention logits of the same q, k',
      past: 'past the training length',
      no_row: 'no row in the table',
    },
    zh: {
      cmp_title: '同一组 q、k 在不同编码下的注意力 logit',
      past: '超出训练长度',
      no_row: '表中没有这一行',
    },
  };
  title_() {
    return this.t('cmp_title');
  }
  setup() {
    this.control('content', this.t('content'), { names: (v) => this.t(`content_${v}`) });
    this.control('seq', this.t('seq'));
    this.control('train', this.t('train'));
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    this.control('posScale', this.t('pos_scale'));
    this.control('seed', this.t('seed'));
    this.panels = ENCODINGS.map((e) => ({
      e,
      hm: new Heatmap({
        scheme: 'rdbu',
        title: this.t(`enc_${e}`),
        xLabel: this.t('key'),
        yLabel: this.t('query'),
        maxHeight: 260,
        name: `logits_${e}`,
      }),
      box: h('div'),
    }));
    this.body.append(
      h(
        'div',
        { class: 'grid3' },
        this.panels.map((p) => p.box),
      ),
      h('p', {
        class: 'note',
        text:
          this.locale === 'zh'
            ? '每幅图各自使用色标（同一个词时为 viridis，取值范围自适应；随机词时为以 0 为中心的 ' +
              'RdBu）；虚线标出训练长度。训练式与相对位置表都是随机的 N(0, σ²)，σ 即位置尺度；取 0.02（BERT ' +
              '的初始值）时，它们的位置项小到几乎看不见。'
            : 'Each panel has its own colour scale (viridis over its own range for ' +
              'one repeated token; RdBu centred on 0 for random tokens); dashed lines ' +
              'mark the training length. The learned and relative tables are random, ' +
              'N(0, σ²) with σ the position scale; at 0.02, BERT’s initial scale, ' +
              'their position terms all but vanish.',
      }),
    );
  }
  async update(p) {
    const r = await this.compute('attentionCompare', p);
    const same = p.content === 'same';
    for (const panel of this.panels) {
      const res = r[panel.e];
      if (res.error && !res.data) {
        panel.box.replaceChildren(
          h('div', {
            class: 'title',
            style: 'font-size:12px;margin-bottom:4px',
            text: `${this.t(`enc_${panel.e}`)}: ${this.t('past')}`,
          }),
          errorBox(this.locale, res.error, { role: 'status' }),
        );
        panel.drawn = false;
        continue;
      }
      panel.hm.set({
        data: res.data,
        rows: p.seq,
        cols: p.seq,
        opts: {
          scheme: same ? 'viridis' : 'rdbu',
          describe: (i, j, v, e) => `${panel.e}: logit(${i}, ${j}) = ${e}`,
          annotate: (g, { x, y, pw, ph }) => {
            if (p.seq <= p.train) return;
            if (res.blindFrom)
              hatchBlindZone(g, { x, y, pw, ph, from: res.blindFrom, id: `blind-${panel.e}`, label: this.t('no_row') });
            g.append(
              s('line', {
                x1: x(p.train),
                x2: x(p.train),
                y1: 0,
                y2: ph,
                style: 'stroke:var(--fg)',
                'stroke-dasharray': '4 3',
              }),
            );
            g.append(
              s('line', {
                y1: y(p.train),
                y2: y(p.train),
                x1: 0,
                x2: pw,
                style: 'stroke:var(--fg)',
                'stroke-dasharray': '4 3',
              }),
            );
          },
        },
      });
      if (panel.box.firstChild !== panel.hm.el) panel.box.replaceChildren(panel.hm.el);
      panel.drawn = true;
    }
    this.redraw();
  }
  redraw() {
    // all widths first, then all drawing: reading after each draw would force a layout per panel
    const widths = this.panels.map((p) => (p.drawn ? this.widthOf(p.box) : 0));
    this.panels.forEach((p, i) => {
      if (p.drawn) p.hm.draw(widths[i]);
    });
  }
}
define(AttentionCompare);
