// Heatmap primitive: dense cells on a canvas (drawn at devicePixelRatio, nearest-neighbour, so
// crisp; averaged down where cells are smaller than a pixel), axes, title and colour legend in SVG
// over it (d3 scales and axes), a hover / keyboard readout with the exact value, and PNG / SVG / CSV
// downloads.
import { scaleLinear } from 'd3-scale';
import { axisBottom, axisLeft, axisRight } from 'd3-axis';
import { select } from 'd3-selection';
import { h, s, axisTitles } from './dom.js';
import { lutPixels, SCHEMES } from './colors.js';
import { boxAverage } from './downsample.js';
import { num } from './format.js';
import { langOf, t } from './i18n.js';
import { saveBlob, svgString, pngBlob, csvMatrix, saveCsv, bgOf, plotDownloads } from './download.js';

let gradientId = 0;

export class Heatmap {
  /**
   * opts: title, xLabel, yLabel, scheme ('viridis' | 'rdbu' | 'cat'), name (file name stem),
   * aspect (plot height / width, default rows/cols), maxHeight, showValues (draw numbers when cells are big),
   * xLabels / yLabels (category names), describe(i, j, v) -> readout text, annotate(g, scales) hook.
   */
  constructor(opts = {}) {
    this.o = { scheme: 'viridis', maxHeight: 420, name: 'heatmap', ...opts };
    this.canvas = h('canvas', { 'aria-hidden': 'true' });
    this.svg = s('svg', { role: 'img' });
    this.readout = h('div', { class: 'readout', 'aria-live': 'polite' });
    this.plot = h('div', { class: 'plot', tabindex: '0' }, this.canvas, this.svg);
    this.el = h('div', { class: 'heatmap' }, this.plot, this.readout);
    this.el.panel = this; // the figure's download menu finds its panels by this
    this.cursor = null;
    this.plot.addEventListener('pointermove', (e) => this.hover(e));
    this.plot.addEventListener('pointerleave', () => {
      this.cursor = null;
      this.mark();
    });
    this.plot.addEventListener('keydown', (e) => this.key(e));
  }

  /**
   * data: row-major numbers [rows x cols]; domain: [lo, hi] of the colour scale (default: symmetric for rdbu).
   * A table taller than the screen can be given as rows sampled from it: rowPositions[i] is the table row that
   * data row i is, and rowsSpan the table's row count; data row i is then drawn over the band of table rows
   * [i * rowsSpan / rows, (i + 1) * rowsSpan / rows), and the readout, the axis and the CSV name table rows.
   */
  set(d) {
    this.d = d;
    return this;
  }

  draw(width) {
    const d = this.d;
    if (!d || !(width > 0)) return;
    this.width = width;
    const o = { ...this.o, ...d.opts };
    const { m, pw, ph } = this.layout(width, d, o);
    const { lo, hi, flat } = this.colourDomain(d, o);
    const [cw, ch] = this.deviceSize(d, pw);
    // categorical colours (colors.js) are indexed by the value itself, and have no legend to read
    const cat = o.scheme === 'cat';
    const key = this.paintCells(d, cat ? 0 : lo, cat ? 255 : hi, o.scheme, cw, ch);
    this.blit(d, key, m, pw, cw, ch);
    this.drawFrame(d, o);
    this.drawValues(d, o, lo, hi);
    // the figure's own marks (markers, training length, blind zone): cheap, always redrawn
    this.annotLayer.replaceChildren();
    o.annotate?.(this.annotLayer, { ...this.scales, pw, ph });
    if (cat) this.legendKey = this.legendLayer.replaceChildren();
    else this.drawLegend(o, lo, hi, flat);
    // what a screen reader hears: the panel, its axes and sizes, and the range of its colour scale
    this.svg.setAttribute(
      'aria-label',
      `${o.title ? `${o.title}: ` : ''}${o.yLabel ?? ''} ` +
        `× ${o.xLabel ?? ''}, ${spanOf(d)} × ${d.cols}, ${num(lo, 3)} … ${num(hi, 3)}`,
    );
    this.mark();
  }

  // Margins, plot size and scales for a width.
  layout(width, d, o) {
    const { cols } = d;
    const extent = d.rowsExtent ?? spanOf(d);
    const m = { top: o.title ? 22 : 8, right: 70, bottom: o.xLabel ? 38 : 24, left: o.yLabels ? 34 : 46 };
    const pw = Math.max(40, Math.floor(width - m.left - m.right));
    const ph = Math.max(40, Math.floor(Math.min(o.maxHeight, pw * (o.aspect ?? extent / cols))));
    const W = pw + m.left + m.right,
      H = ph + m.top + m.bottom;
    this.geom = { m, pw, ph, W, H };
    this.scales = { x: scaleLinear([0, cols], [0, pw]), y: scaleLinear([0, extent], [0, ph]) };
    return this.geom;
  }

  // The colour scale's [lo, hi] (given, or from the data), and whether the data is constant.
  colourDomain(d, o) {
    const { data } = d;
    if (!d.domain && (this.autoFor?.data !== data || this.autoFor.scheme !== o.scheme))
      this.autoFor = { data, scheme: o.scheme, domain: autoDomain(data, o.scheme) };
    let [lo, hi] = d.domain ?? this.autoFor.domain;
    const flat = !(hi - lo > 1e-6 * Math.max(1e-30, Math.abs(lo), Math.abs(hi)));
    if (!(hi > lo)) {
      hi = lo + 1e-12;
      lo -= 1e-12;
    }
    this.domain = [lo, hi];
    return { lo, hi, flat };
  }

  // Cells -> an offscreen image (kept while data, scale, colours and size stay the same): one pixel
  // per cell where cells are at least one screen pixel, else the box-filtered average of the cells
  // each screen pixel covers (downsample.js), so a 2048 x 1024 matrix costs one pass, not a
  // two-million-pixel image scaled down with aliasing.
  paintCells({ rows, cols, data }, lo, hi, scheme, cw, ch) {
    const off = this.off ?? (this.off = document.createElement('canvas'));
    const outCols = Math.min(cols, cw),
      outRows = Math.min(rows, ch);
    const key = `${rows}x${cols}/${outRows}x${outCols}/${lo}/${hi}/${scheme}`;
    if (this.offData !== data || this.offKey !== key) {
      const table = lutPixels(scheme);
      // the means and the image are written into the last ones when their sizes allow (see boxAverage)
      const values =
        outCols < cols || outRows < rows
          ? (this.means = boxAverage(data, rows, cols, outRows, outCols, this.means))
          : data;
      if (off.width !== outCols || off.height !== outRows) Object.assign(off, { width: outCols, height: outRows });
      const octx = off.getContext('2d');
      const img =
        this.img?.width === outCols && this.img.height === outRows
          ? this.img
          : (this.img = octx.createImageData(outCols, outRows));
      // one 32-bit word per pixel; NaN -> entry 0, ±Infinity -> the ends
      const px = new Uint32Array(img.data.buffer),
        k = 255 / (hi - lo);
      for (let i = 0, n = outRows * outCols; i < n; i++) {
        const t = Math.round((values[i] - lo) * k);
        px[i] = table[t > 0 ? (t < 255 ? t : 255) : 0];
      }
      octx.putImageData(img, 0, 0);
      this.offData = data;
      this.offKey = key;
    }
    return key;
  }

  // The visible canvas's size in device pixels: the plot's cells at the screen's pixel density.
  deviceSize(d, pw) {
    const dpr = globalThis.devicePixelRatio || 1;
    return [Math.max(1, Math.round(pw * dpr)), Math.max(1, Math.round(this.scales.y(spanOf(d)) * dpr))];
  }

  /** How many screen pixel rows the table's rows would fill at this width: more rows than that cannot
   *  be told apart, so a figure with a taller table can ask its source for this many sampled rows. */
  pixelRows(d, width) {
    const o = { ...this.o, ...d.opts };
    return this.deviceSize(d, this.layout(width, d, o).pw)[1];
  }

  // The offscreen image scaled onto the visible canvas (nearest neighbour: whole cells stay crisp).
  blit(d, key, m, pw, cw, ch) {
    const { data } = d,
      tall = this.scales.y(spanOf(d));
    const c = this.canvas;
    // the scaled copy is the costly part of a redraw: skip it when neither the cells nor the size changed
    const shownKey = `${key}/${cw}x${ch}/${m.left},${m.top}`;
    if (this.shown?.data === data && this.shown.key === shownKey) return;
    if (c.width !== cw || c.height !== ch) {
      c.width = cw;
      c.height = ch;
    } // (a same-size canvas is cleared by drawImage's full cover)
    const place = `${m.left}/${m.top}/${pw}/${tall}`;
    if (place !== this.place) {
      // touching the style, even with equal values, can cost a style and layout pass
      this.place = place;
      Object.assign(c.style, { left: `${m.left}px`, top: `${m.top}px`, width: `${pw}px`, height: `${tall}px` });
    }
    const ctx = c.getContext('2d');
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.off, 0, 0, cw, ch);
    this.shown = { data, key: shownKey };
  }

  // The SVG overlay's frame (title, axes, their labels) and its layers, rebuilt only when what they
  // show changed: a slider that moves a marker or changes the data keeps the axes (d3 builds them
  // as DOM, the bulk of a draw).
  drawFrame(d, o) {
    const { m, pw, ph, W, H } = this.geom,
      { x, y } = this.scales,
      { cols } = d;
    const extent = d.rowsExtent ?? spanOf(d);
    const svg = this.svg;
    svg.setAttribute('width', W);
    svg.setAttribute('height', H);
    const frameKey = JSON.stringify([W, H, m, cols, extent, o.xLabels, o.yLabels, o.title, o.xLabel, o.yLabel]);
    if (frameKey === this.frameKey) return;
    this.frameKey = frameKey;
    this.legendKey = null;
    while (svg.firstChild) svg.firstChild.remove();
    const g = s('g', { transform: `translate(${m.left},${m.top})` });
    if (o.title) svg.append(s('text', { class: 'ptitle', x: m.left, y: 14, text: o.title }));
    const gx = s('g', { class: 'axis', transform: `translate(0,${ph})` }),
      gy = s('g', { class: 'axis' });
    g.append(gx, gy);
    select(gx).call(indexAxis(axisBottom, x, cols, o.xLabels, pw));
    select(gy).call(indexAxis(axisLeft, y, extent, o.yLabels, ph));
    axisTitles(g, o, pw, ph, -m.left + 10);
    this.valuesLayer = s('g');
    this.annotLayer = s('g');
    this.hl = s('rect', {
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': 1.5,
      visibility: 'hidden',
      'pointer-events': 'none',
    });
    g.append(this.valuesLayer, this.annotLayer, this.hl);
    this.legendLayer = s('g');
    svg.append(g, this.legendLayer);
    this.valuesKey = null;
  }

  // Numbers in the cells, when they are big enough to hold them.
  drawValues({ rows, cols, data, rowPositions }, o, lo, hi) {
    const { pw } = this.geom,
      { x, y } = this.scales;
    const big = o.showValues && !rowPositions && pw / cols >= 24 && y(1) >= 16;
    const valuesKey = big ? [data, lo, hi, o.scheme, o.formatValue] : null;
    if (sameKey(valuesKey, this.valuesKey)) return;
    this.valuesKey = valuesKey;
    this.valuesLayer.replaceChildren();
    if (!valuesKey) return;
    const fmtv = o.formatValue ?? ((v) => num(v, 2));
    for (let i = 0; i < rows; i++)
      for (let j = 0; j < cols; j++) {
        const v = data[i * cols + j],
          t = (v - lo) / (hi - lo);
        const dark = o.scheme === 'rdbu' ? Math.abs(t - 0.5) > 0.3 : o.scheme !== 'cat' && t < 0.55;
        this.valuesLayer.append(
          s('text', {
            x: x(j + 0.5),
            y: y(i + 0.5),
            'text-anchor': 'middle',
            'dominant-baseline': 'central',
            style: `font-size:${Math.min(12, pw / cols / 3.2)}px;fill:${dark ? '#fff' : '#111'}`,
            text: fmtv(v),
          }),
        );
      }
  }

  // The colour legend beside the plot.
  drawLegend(o, lo, hi, flat) {
    const { m, pw, ph } = this.geom;
    const lh = Math.min(ph, 200),
      lx = m.left + pw + 14;
    const legendKey = [lo, hi, o.scheme, flat, lx, m.top, lh, o.legendFormat];
    if (sameKey(legendKey, this.legendKey)) return;
    this.legendKey = legendKey;
    const id = `pg${++gradientId}`;
    const grad = s('linearGradient', { id, x1: 0, y1: 1, x2: 0, y2: 0 });
    const f = SCHEMES[o.scheme] ?? SCHEMES.viridis;
    for (let i = 0; i <= 16; i++) grad.append(s('stop', { offset: i / 16, 'stop-color': f(i / 16) }));
    const ly = scaleLinear([lo, hi], [m.top + lh, m.top]);
    const gl = s('g', { class: 'axis', transform: `translate(${lx + 10},0)` });
    this.legendLayer.replaceChildren(
      s('defs', {}, grad),
      s('rect', { x: lx, y: m.top, width: 10, height: lh, fill: `url(#${id})` }),
      gl,
    );
    const legend = axisRight(ly)
      .tickSize(3)
      .tickFormat(flat ? (v) => num(v) : (o.legendFormat ?? ((v) => num(v, 3))));
    select(gl).call(flat ? legend.tickValues([(lo + hi) / 2]) : legend.ticks(4));
    if (flat)
      this.legendLayer.append(
        s('text', {
          class: 'atitle',
          x: lx,
          y: m.top + lh + 14,
          text: this.t('constant'),
        }),
      );
  }

  cellAt(e) {
    const r = this.canvas.getBoundingClientRect();
    const j = Math.floor(((e.clientX - r.left) / r.width) * this.d.cols);
    const i = Math.floor(((e.clientY - r.top) / r.height) * this.d.rows);
    return i >= 0 && j >= 0 && i < this.d.rows && j < this.d.cols ? [i, j] : null;
  }
  hover(e) {
    if (!this.d) return;
    this.cursor = this.cellAt(e);
    this.mark();
  }
  key(e) {
    if (!this.d) return;
    const dirs = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (!dirs[e.key]) return;
    e.preventDefault();
    const [i, j] = this.cursor ?? [0, 0];
    const [di, dj] = this.cursor ? dirs[e.key] : [0, 0];
    this.cursor = [Math.max(0, Math.min(this.d.rows - 1, i + di)), Math.max(0, Math.min(this.d.cols - 1, j + dj))];
    this.mark();
  }
  mark() {
    if (!this.hl || !this.d) return;
    if (!this.cursor) {
      this.hl.setAttribute('visibility', 'hidden');
      this.readout.textContent = this.o.hint ?? '\u00a0';
      return;
    }
    const [i, j] = this.cursor,
      { x, y } = this.scales,
      band = spanOf(this.d) / this.d.rows;
    Object.entries({
      x: x(j),
      y: y(i * band),
      width: Math.max(2, x(1) - x(0)),
      height: Math.max(2, y(band) - y(0)),
      visibility: 'visible',
    }).forEach(([k, v]) => this.hl.setAttribute(k, v));
    const v = this.d.data[i * this.d.cols + j],
      row = tableRow(this.d, i);
    const o = { ...this.o, ...this.d.opts };
    this.readout.textContent = o.describe
      ? o.describe(row, j, v, num(v))
      : `${o.yLabel ?? this.t('row')} ${row}, ${o.xLabel ?? this.t('col')} ${j}: ${num(v)}`;
  }

  /** A shared string in the language of the figure that holds this panel. */
  t(key) {
    return t(langOf(this.el.getRootNode()?.host ?? this.el), key);
  }

  /** What the figure's download menu lists for this panel (see figure.js). */
  downloads() {
    return plotDownloads(this);
  }
  get fileStem() {
    return (this.d?.opts?.name ?? this.o.name).replace(/[^\w.-]+/g, '_');
  }
  at() {
    const { m, pw } = this.geom;
    return { x: m.left, y: m.top, width: pw, height: this.scales.y(spanOf(this.d)) };
  }
  downloadSvg() {
    saveBlob(
      new Blob([svgString(this.svg, { canvas: this.canvas, at: this.at(), background: bgOf(this.el) })], {
        type: 'image/svg+xml',
      }),
      `${this.fileStem}.svg`,
    );
  }
  async downloadPng() {
    saveBlob(
      await pngBlob(this.svg, { canvas: this.canvas, at: this.at(), background: bgOf(this.el) }),
      `${this.fileStem}.png`,
    );
  }
  downloadCsv() {
    const { data, rows, cols } = this.d,
      o = { ...this.o, ...this.d.opts };
    saveCsv(
      csvMatrix(data, rows, cols, {
        corner: `${o.yLabel ?? 'row'}\\${o.xLabel ?? 'col'}`,
        rowName: (i) => o.yLabels?.[i] ?? tableRow(this.d, i),
        colName: (j) => o.xLabels?.[j] ?? j,
      }),
      `${this.fileStem}.csv`,
    );
  }
}

/** The table rows the heatmap covers: all its data rows, or the rows they were sampled from. */
const spanOf = (d) => (d.rowPositions ? d.rowsSpan : d.rows);
/** The table row that data row i is. */
const tableRow = (d, i) => (d.rowPositions ? d.rowPositions[i] : i);

/** Cache keys are short arrays compared entry by entry (data arrays by identity). */
function sameKey(a, b) {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((v, i) => Object.is(v, b[i]));
}

function autoDomain(data, scheme) {
  let lo = Infinity,
    hi = -Infinity;
  // an indexed loop: iterating a typed array with for-of costs ~10x more on a million cells
  for (let i = 0, n = data.length; i < n; i++) {
    const v = data[i];
    if (v - v === 0) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (lo === Infinity) return [0, 1];
  if (scheme === 'rdbu') {
    const a = Math.max(Math.abs(lo), Math.abs(hi)) || 1;
    return [-a, a];
  }
  return [lo, hi];
}

/** Axis over cell indices: ticks at cell centres, labelled by index or category name. */
function indexAxis(axisFn, scale, n, labels, px) {
  const ax = axisFn(scale).tickSizeOuter(0).tickSize(3);
  if (labels) return ax.tickValues(labels.map((_, i) => i + 0.5)).tickFormat((v) => labels[Math.floor(v)]);
  const count = Math.max(2, Math.min(10, Math.floor(px / 45)));
  const ticks = scale
    .copy()
    .domain([0, n - 1])
    .ticks(count)
    .filter((v) => Number.isInteger(v) && v < n);
  return ax.tickValues(ticks.map((v) => v + 0.5)).tickFormat((v) => String(Math.floor(v)));
}
