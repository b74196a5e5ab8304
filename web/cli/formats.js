// The tables `posenc table` writes, and their three output formats: CSV (a header line of column
// names, then one row per line), JSON (nested arrays) and NumPy .npy version 1.0.

/** `prefix_0`, …, `prefix_{count-1}`: the names of numbered columns. */
export const numbered = (prefix, count) => Array.from({ length: count }, (_, i) => `${prefix}_${i}`);

/** A table of `data` in rows of `names.length` values, one column per name. */
export function matrix(data, names) {
  const columns = names.length;
  return { data, shape: columns > 0 ? [data.length / columns, columns] : [0, 0], columns: names };
}

/** A table of one column, `name`, one row per value. */
export const vector = (data, name) => ({ data, shape: [data.length], columns: [name] });

// Shortest decimal that reads back as the same float32 (integers print as integers).
function formatValue(v) {
  if (!Number.isFinite(v) || Number.isInteger(v)) return String(v);
  for (let digits = 1; digits < 9; digits++) {
    const text = v.toPrecision(digits);
    if (Math.fround(Number(text)) === v) return String(Number(text));
  }
  return String(Number(v.toPrecision(9)));
}

function rows({ data, shape }) {
  const columns = shape.length === 2 ? shape[1] : 1;
  const out = [];
  for (let r = 0; r * columns < data.length; r++)
    out.push(Array.from(data.subarray(r * columns, (r + 1) * columns), formatValue));
  return out;
}

/** CSV: the column names first (pandas and spreadsheets read a header), unless `header` is false. */
export function toCsv(table, { header = true } = {}) {
  const lines = rows(table).map((row) => row.join(','));
  if (header) lines.unshift(table.columns.join(','));
  return lines.map((line) => `${line}\n`).join('');
}

export function toJson(table) {
  const body =
    table.shape.length === 2
      ? `[\n${rows(table)
          .map((row) => `  [${row.join(', ')}]`)
          .join(',\n')}\n]`
      : `[${rows(table).flat().join(', ')}]`;
  return `${body}\n`;
}

/** NumPy .npy version 1.0: magic, header dict padded with spaces to a multiple of 64 bytes, data. */
export function toNpy({ data, shape }) {
  const descr = data instanceof Int32Array ? '<i4' : '<f4';
  const dict =
    `{'descr': '${descr}', 'fortran_order': False, 'shape': ` +
    `(${shape.join(', ')}${shape.length === 1 ? ',' : ''}), ` +
    `}`;
  const unpadded = 10 + dict.length + 1; // magic(6) + version(2) + length(2) + dict + '\n'
  const header = `${dict}${' '.repeat((64 - (unpadded % 64)) % 64)}\n`;
  const out = new Uint8Array(10 + header.length + data.length * 4);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]); // \x93NUMPY v1.0
  const view = new DataView(out.buffer);
  view.setUint16(8, header.length, true);
  for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
  const start = 10 + header.length;
  for (let i = 0; i < data.length; i++) {
    if (descr === '<i4') view.setInt32(start + 4 * i, data[i], true);
    else view.setFloat32(start + 4 * i, data[i], true);
  }
  return out;
}
