// Section 2: the BERT-sized learned table and its blind zone past maxLen.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';
import { LinePlot } from '../lineplot.js';
import { h, s } from '../dom.js';
import { errorBox } from '../error-text.js';

let patternId = 0;

export class LearnedTable extends PosencFigure {
  static tag = 'posenc-learned-table';
  static strings = {
    en: {
      value: 'value',
      learned_title: 'Learned table, untrained: seeded N(0, 0.02²)',
      maxLen: 'maxLen',
      blind: 'blind zone: no trained row',
      row_of: 'row for position',
      learned_ok: 'encode([position]) returned a row of',
      learned_err: 'The library refuses:',
      sampled: (rows, drawn) =>
        `${rows} rows on ${drawn} pixel rows: each pixel row shows one exact row of the table, the middle of its band.`,
    },
    zh: {
      value: '值',
      learned_title: '训练式位置表（种子固定，N(0, 0.02²) 初始化）',
      maxLen: 'maxLen',
      blind: '盲区：没有训练过的行',
      row_of: '该位置的向量',
      learned_ok: 'encode([position]) 返回一行，长度',
      learned_err: '库拒绝了请求：',
      sampled: (rows, drawn) =>
        `${rows} 行只有 ${drawn} 个像素行可画：每个像素行画出表中真实的一行（它所代表那段的中间一行）。`,
    },
  };
  title_() {
    return this.t('learned_title');
  }
  setup() {
    this.control('maxLen', this.t('maxLen'));
    this.control('dim', this.t('dim'));
    this.control('seed', this.t('seed'));
    this.control('position', this.t('position'));
    this.hm = new Heatmap({
      scheme: 'rdbu',
      xLabel: this.t('dimension'),
      yLabel: this.t('position'),
      maxHeight: 380,
      aspect: 0.5,
    });
    this.rowBox = h('div');
    this.sampleNote = h('div', { class: 'note sampled' });
    this.lp = new LinePlot({ xLabel: this.t('dimension'), yLabel: this.t('value'), height: 140, name: 'learned_row' });
    this.body.append(this.hm.el, this.sampleNote, this.rowBox);
    this.table = new Float32Array(0);
  }
  async update(p) {
    const extent = Math.max(Math.ceil(p.maxLen * 1.3), p.position + 1);
    // more rows than the plot has pixel rows: only the rows those pixels show are drawn from the generator
    const drawn = this.hm.pixelRows({ rows: p.maxLen, cols: p.dim, rowsExtent: extent }, this.bodyWidth);
    const [cells, row] = await Promise.all([
      p.maxLen > drawn ? this.sampledRows(p, drawn) : this.wholeTable(p),
      this.compute('learnedRow', p, ':row'),
    ]);
    this.sampleNote.textContent = cells.rowPositions ? this.t('sampled')(p.maxLen, drawn) : '';
    const pid = `hatch${++patternId}`;
    this.hm.set({
      ...cells,
      cols: p.dim,
      rowsExtent: extent,
      opts: {
        name: `learned_${p.maxLen}x${p.dim}_seed${p.seed}`,
        describe: (i, j, v, e) => `L[${i}, ${j}] = ${e}`,
        annotate: (g, at) => blindZone(g, at, this, p, extent, pid, row.error),
      },
    });
    if (row.error) {
      this.rowBox.replaceChildren(
        h('div', {
          class: 'note',
          text: `learned({ maxLen: ${p.maxLen}, dim: ${p.dim} }).encode([${p.position}]) → ${this.t('learned_err')}`,
        }),
        errorBox(this.locale, row.error, { role: 'status' }),
      );
    } else {
      this.lp.set({
        series: [{ name: `L[${p.position}]`, values: row.row, color: '#0072B2' }],
        opts: { title: `${this.t('row_of')} ${p.position} (${this.t('learned_ok')} ${row.row.length})` },
      });
      this.rowBox.replaceChildren(this.lp.el);
    }
    this.redraw();
  }
  async wholeTable(p) {
    // A table is one seeded run, row after row (index.d.ts): a smaller maxLen * dim, whatever its dim, is the
    // start of the run held, so a shorter table or a narrower one needs no new draws
    if (p.seed !== this.tableSeed || p.maxLen * p.dim > this.table.length) {
      this.table = (await this.compute('learnedTable', { maxLen: p.maxLen, dim: p.dim, seed: p.seed }, ':table')).data;
      this.tableSeed = p.seed;
    }
    // (the same view while maxLen stays: the heatmap keeps its image for the same data)
    if (this.shown?.length !== p.maxLen * p.dim || this.shown.buffer !== this.table.buffer)
      this.shown = this.table.subarray(0, p.maxLen * p.dim);
    return { data: this.shown, rows: p.maxLen };
  }
  async sampledRows(p, drawn) {
    const key = `${p.maxLen}/${p.dim}/${p.seed}/${drawn}`;
    if (this.sampled?.key !== key) {
      const r = await this.compute(
        'learnedSampled',
        { maxLen: p.maxLen, dim: p.dim, seed: p.seed, rows: drawn },
        ':table',
      );
      this.sampled = { key, data: r.data, rows: drawn, rowPositions: r.positions, rowsSpan: p.maxLen };
    }
    const { data, rows, rowPositions, rowsSpan } = this.sampled;
    return { data, rows, rowPositions, rowsSpan };
  }
  redraw() {
    const w = this.bodyWidth;
    this.hm.draw(w);
    if (this.lp.el.isConnected) this.lp.draw(w);
  } // read, then write
}

/** Over the heatmap: the hatched rows past maxLen, named, and a line at the position asked for (red: refused). */
function blindZone(g, { y, pw }, fig, p, extent, pid, failed) {
  const top = y(p.maxLen),
    yy = y(p.position + 0.5);
  g.append(
    s(
      'defs',
      {},
      s(
        'pattern',
        { id: pid, width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
        s('line', {
          x1: 0,
          y1: 0,
          x2: 0,
          y2: 8,
          style: 'stroke:var(--muted)',
          'stroke-width': 1.5,
          'stroke-opacity': 0.55,
        }),
      ),
    ),
    s('rect', { x: 0, y: top, width: pw, height: y(extent) - top, fill: `url(#${pid})` }),
    s('text', {
      x: pw / 2,
      y: (top + y(extent)) / 2,
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      style: 'font-size:12px;font-weight:600',
      text: `${fig.t('blind')} (≥ ${p.maxLen})`,
    }),
    s('line', {
      x1: -6,
      x2: pw + 6,
      y1: yy,
      y2: yy,
      style: `stroke:${failed ? '#e03131' : 'var(--fg)'}`,
      'stroke-width': 2,
    }),
    s('text', {
      x: pw + 4,
      y: yy - 4,
      'text-anchor': 'end',
      style: 'font-size:11px;font-weight:600',
      text: `${fig.t('position')} ${p.position}`,
    }),
  );
}
define(LearnedTable);
