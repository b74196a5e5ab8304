// The tables `posenc table` writes, and their three output formats: CSV (a header line of column
// names, then one row per line), JSON (nested arrays) and NumPy .npy version 1.0.
//
// A table is its shape, its column names and its rows, which `block(start, end)` computes a block at a
// time: the writer formats each block and hands it on before it asks for the next, so a table of any
// length goes out in the memory of one block. Every format's first bytes (a CSV header, an npy header
// with the shape) come from the shape alone, known before any row is.

/** `prefix_0`, …, `prefix_{count-1}`: the names of numbered columns. */
export const numbered = (prefix, count) => Array.from({ length: count }, (_, i) => `${prefix}_${i}`);

/**
 * A table of `rows` rows, one column per name, whose rows `block(start, end)` returns (row-major,
 * `(end - start) * names.length` values); `int32` when they are an Int32Array (npy `<i4`).
 */
export function rowTable({ rows, names, int32 = false, block }) {
  const columns = names.length;
  return { shape: columns > 0 ? [rows, columns] : [0, 0], columns: names, int32, block };
}

/** A table of `data` in rows of `names.length` values, one column per name. */
export function matrix(data, names) {
  const columns = names.length;
  return rowTable({
    rows: columns > 0 ? data.length / columns : 0,
    names,
    int32: data instanceof Int32Array,
    block: (start, end) => data.subarray(start * columns, end * columns),
  });
}

/** A table of one column, `name`, one row per value. */
export const vector = (data, name) => ({
  shape: [data.length],
  columns: [name],
  int32: data instanceof Int32Array,
  block: (start, end) => data.subarray(start, end),
});

// Shortest decimal that reads back as the same float32 (integers print as integers): the first of
// 1..8 significant digits (toPrecision) that does, else 9. Exported for its tests.
export function formatValue(v) {
  if (!Number.isFinite(v) || Number.isInteger(v)) return String(v);
  const a = Math.abs(v);
  float32[0] = a;
  const exponent = bits32[0] >>> 23; // a's biased float32 exponent
  // A decimal that reads back as v lies within half of v's float32 spacing of it (ulp / 2). With d
  // digits, toPrecision's decimal is a multiple of 10^(e - d), e = floor(log10 a) even when log10 is
  // one off; when a is farther than ulp / 2 from every such multiple, d digits cannot do, and
  // toPrecision is not asked. The a * 1e-12 covers this arithmetic's rounding (about a * 1e-15) and the
  // parse to double (a * 2^-53) with room: the digits tried are exactly those the loop below would
  // find, only the hopeless ones are skipped. Subnormals take the plain loop.
  const half = exponent > 0 ? 2 ** (exponent - 151) + a * 1e-12 : Infinity;
  const e = Math.floor(Math.log10(a));
  for (let digits = 1; digits < 9; digits++) {
    const step = TENS[e - digits + TENS_ZERO];
    if (step !== undefined && Math.abs(a - Math.round(a / step) * step) > half) continue;
    const text = v.toPrecision(digits);
    if (Math.fround(Number(text)) === v) return String(Number(text));
  }
  return String(Number(v.toPrecision(9)));
}
const float32 = new Float32Array(1),
  bits32 = new Uint32Array(float32.buffer);
// 10^-60 .. 10^60: TENS[n + TENS_ZERO] is 10^n.
const TENS_ZERO = 60;
const TENS = Array.from({ length: 2 * TENS_ZERO + 1 }, (_, i) => 10 ** (i - TENS_ZERO));

// The values of one row, as text, between separators.
function rowText(data, from, to, separator) {
  let text = formatValue(data[from]);
  for (let i = from + 1; i < to; i++) text += separator + formatValue(data[i]);
  return text;
}

// Values per block: about a megabyte of CSV text.
const BLOCK_VALUES = 1 << 16;

// The rows of a block of rows of `width` values: about BLOCK_VALUES values, and at least one row.
const blockRows = (width) => Math.max(1, Math.floor(BLOCK_VALUES / Math.max(width, 1)));

/** The npy v1.0 header: magic, version, length, the dict padded with spaces to a multiple of 64 bytes. */
function npyHeader({ shape, int32 }) {
  const dict =
    `{'descr': '${int32 ? '<i4' : '<f4'}', 'fortran_order': False, 'shape': ` +
    `(${shape.join(', ')}${shape.length === 1 ? ',' : ''}), ` +
    `}`;
  const unpadded = 10 + dict.length + 1; // magic(6) + version(2) + length(2) + dict + '\n'
  const text = `${dict}${' '.repeat((64 - (unpadded % 64)) % 64)}\n`;
  const out = Buffer.alloc(10 + text.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]); // \x93NUMPY v1.0
  out.writeUInt16LE(text.length, 8);
  out.write(text, 10, 'latin1');
  return out;
}

// Values as little-endian 4-byte numbers, whatever the machine's byte order.
function npyData(data, int32) {
  const out = Buffer.allocUnsafe(data.length * 4);
  const view = new DataView(out.buffer, out.byteOffset, out.length);
  if (int32) for (let i = 0; i < data.length; i++) view.setInt32(4 * i, data[i], true);
  else for (let i = 0; i < data.length; i++) view.setFloat32(4 * i, data[i], true);
  return out;
}

/**
 * Writes `table` as `format` (csv, json, npy) through `write(chunk)`, a string or bytes at a time,
 * awaiting what `write` returns (a sink's backpressure) before it computes the next block. `header`:
 * the CSV line of column names.
 */
export async function writeTable(table, format, write, { header = true } = {}) {
  const { shape, columns } = table;
  const matrixShape = shape.length === 2;
  const width = matrixShape ? shape[1] : 1;
  const rows = shape[0];
  if (format === 'npy') await write(npyHeader(table));
  else if (format === 'json') await write(matrixShape ? '[\n' : '[');
  else if (header) await write(`${columns.join(',')}\n`);
  const step = blockRows(width);
  for (let start = 0; start < rows; start += step) {
    const end = Math.min(rows, start + step);
    const data = table.block(start, end);
    let chunk = '';
    if (format === 'npy') {
      chunk = npyData(data, table.int32);
    } else if (format === 'csv') {
      for (let r = 0; r < end - start; r++) chunk += `${rowText(data, r * width, (r + 1) * width, ',')}\n`;
    } else if (matrixShape) {
      // JSON rows: `  [a, b]`, a comma and a newline between rows.
      for (let r = 0; r < end - start; r++)
        chunk += `${start + r > 0 ? ',\n' : ''}  [${rowText(data, r * width, (r + 1) * width, ', ')}]`;
    } else {
      chunk = `${start > 0 ? ', ' : ''}${rowText(data, 0, data.length, ', ')}`;
    }
    await write(chunk);
  }
  if (format === 'json') await write(matrixShape ? '\n]\n' : ']\n');
}
