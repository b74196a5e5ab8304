// Strings of the figure elements, in English and Chinese. Elements insert them with textContent only.

export const STRINGS = {
  en: {
    loading: 'Computing with the wasm library…', error: 'Error', png: 'PNG', svg: 'SVG', csv: 'CSV', copy: 'Copy', copied: 'Copied',
    position: 'position', positions: 'positions', dim: 'dim', dimension: 'dimension', base: 'base', seed: 'seed', value: 'value',
    row: 'row', col: 'column', query: 'query i', key: 'key j', distance: 'relative distance', encoding: 'encoding',
    enc_none: 'none', enc_sinusoidal: 'sinusoidal', enc_learned: 'learned', enc_relative: 'relative (DeBERTa)', enc_rope: 'RoPE',
    why_a: 'order A: 我 不 爱 你', why_b: 'order B: 不 我 爱 你 (re-ordered as A)',
    why_same: 'identical: without positions the two orders give the same scores, only permuted',
    why_diff: 'different: the encoding tells the two orders apart', why_maxdiff: 'max |A − B′|',
    sin_title: 'PE(pos, i): one row per position, one column per dimension',
    table_title: 'Encoding table', table_hint: 'Scroll the grid; copy or download every value.',
    sim_title: 'PE(p) · PE(q)', sim_line: 'PE(anchor) · PE(p)', anchor: 'anchor p',
    learned_title: 'Learned table (seeded N(0, 0.02²))', maxLen: 'maxLen', blind: 'blind zone: no trained row', row_of: 'row for position',
    learned_ok: 'encode([position]) returned a row of', learned_err: 'The library refuses:',
    clip_title: 'clip(i − j, d_min, d_max)', queryLen: 'query length', keyLen: 'key length', dmin: 'd_min', dmax: 'd_max',
    context: 'context length', need_abs: 'absolute (one vector per position)', need_rel: 'relative (one per clipped distance)', vectors: 'vectors',
    seq: 'sequence length', c2c: 'c2c: content → content', c2p: 'c2p: content → position', p2c: 'p2c: position → content', total: 'total logit',
    m: 'm, position of q', n: 'n, position of k', pair: 'pair i', together: 'move m and n together', qm: 'q rotated by mθ', kn: 'k rotated by nθ',
    score: '⟨R_m q, R_n k⟩', plain: 'q · k (no rotation)', theta: 'θ_i', drag: 'Drag the tips of q and k.', relpos: 'm − n',
    mat_title: 'R(m): dim × dim block-diagonal rotation', mem_matrix: 'matrix form', mem_elem: 'elementwise form (cos, sin)', per_pos: 'numbers per position',
    seq_mem: 'for 4096 positions (float32)',
    ew_index: 'j', ew_q: 'q_j', ew_cos: 'cos', ew_swap: 'swapped q', ew_sin: 'sin', ew_rot: 'rope(q)_j', ew_mat: '(R q)_j', ew_maxdiff: 'max |rope(q) − R q|',
    decay_scores: 'Logit ⟨R_Δ q, R_0 k⟩ against distance Δ', decay_bound: 'RoFormer bound (1/(d/2)) Σ|S_j|', rand: 'random q, k', ones: 'q = k = all ones', bound: 'upper bound',
    maxdist: 'max distance',
    shift_title: 'score(m, n) − score(m + k, n + k)', shift: 'shift k', shift_max: 'max |difference|', shift_typ: 'typical |score|',
    cmp_title: 'Attention logits of the same q, k', train: 'training length', past: 'past the training length',
    content: 'content', content_same: 'one token repeated at every position', content_random: 'random tokens',
  },
  zh: {
    loading: '正在用 wasm 库计算…', error: '错误', png: 'PNG', svg: 'SVG', csv: 'CSV', copy: '复制', copied: '已复制',
    position: '位置', positions: '位置数', dim: '维度', dimension: '维度', base: '底数 base', seed: '随机种子', value: '值',
    row: '行', col: '列', query: '查询 i', key: '键 j', distance: '相对距离', encoding: '编码',
    enc_none: '无', enc_sinusoidal: '正余弦', enc_learned: '训练式', enc_relative: '相对（DeBERTa）', enc_rope: 'RoPE',
    why_a: '顺序 A：我 不 爱 你', why_b: '顺序 B：不 我 爱 你（按 A 的字序重排）',
    why_same: '完全相同：没有位置信息时，两种顺序的分数只是换了排列',
    why_diff: '不同：位置编码区分出了两种顺序', why_maxdiff: '最大 |A − B′|',
    sin_title: 'PE(pos, i)：每行一个位置，每列一个维度',
    table_title: '编码数值表', table_hint: '可滚动查看；可复制或下载全部数值。',
    sim_title: 'PE(p) · PE(q)', sim_line: 'PE(锚点) · PE(p)', anchor: '锚点 p',
    learned_title: '训练式位置表（种子固定，N(0, 0.02²) 初始化）', maxLen: 'maxLen', blind: '盲区：没有训练过的行', row_of: '该位置的向量',
    learned_ok: 'encode([position]) 返回一行，长度', learned_err: '库拒绝了请求：',
    clip_title: 'clip(i − j, d_min, d_max)', queryLen: '查询长度', keyLen: '键长度', dmin: 'd_min', dmax: 'd_max',
    context: '上下文长度', need_abs: '绝对编码（每个位置一个向量）', need_rel: '相对编码（每个截断距离一个）', vectors: '个向量',
    seq: '序列长度', c2c: 'c2c：内容 → 内容', c2p: 'c2p：内容 → 位置', p2c: 'p2c：位置 → 内容', total: '总 logit',
    m: 'm（q 的位置）', n: 'n（k 的位置）', pair: '第 i 组', together: 'm、n 同步移动', qm: 'q 旋转 mθ', kn: 'k 旋转 nθ',
    score: '⟨R_m q, R_n k⟩', plain: 'q · k（未旋转）', theta: 'θ_i', drag: '拖动 q、k 的箭头端点。', relpos: 'm − n',
    mat_title: 'R(m)：dim × dim 分块对角旋转矩阵', mem_matrix: '矩阵形式', mem_elem: '逐位相乘形式（cos、sin）', per_pos: '每个位置的数值个数',
    seq_mem: '4096 个位置（float32）',
    ew_index: 'j', ew_q: 'q_j', ew_cos: 'cos', ew_swap: '交换后的 q', ew_sin: 'sin', ew_rot: 'rope(q)_j', ew_mat: '(R q)_j', ew_maxdiff: '最大 |rope(q) − R q|',
    decay_scores: 'logit ⟨R_Δ q, R_0 k⟩ 随距离 Δ 变化', decay_bound: 'RoFormer 上界 (1/(d/2)) Σ|S_j|', rand: '随机 q、k', ones: 'q = k = 全 1', bound: '上界',
    maxdist: '最大距离',
    shift_title: 'score(m, n) − score(m + k, n + k)', shift: '平移 k', shift_max: '最大 |差值|', shift_typ: '典型 |score|',
    cmp_title: '同一组 q、k 在不同编码下的注意力 logit', train: '训练长度', past: '超出训练长度',
    content: '内容', content_same: '每个位置都是同一个词', content_random: '随机的词',
  },
};

/** The language of an element: its own lang attribute, else the nearest ancestor's, else the browser's. */
export function langOf(el) {
  const own = el.getAttribute('lang') || el.closest?.('[lang]')?.getAttribute('lang') || globalThis.navigator?.language || 'en';
  return own.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
export const t = (lang, key) => STRINGS[lang]?.[key] ?? STRINGS.en[key] ?? key;
