#!/usr/bin/python3
"""Independent PyTorch cross-check of the length lab's loss and gradients.

Run it with Debian's Python, which is the one that has torch (python3-torch, installed by
tools/setup.mjs). The `python3` on PATH may be another Python without torch:

    /usr/bin/python3 tests/lab/torch_crosscheck.py build/native/posenc_lab_dump [-v]
    /usr/bin/python3 tests/lab/torch_crosscheck.py --self-test [-v]

For every case (each encoding; RoPE in both layouts and with partial rotation) it runs
`DUMP --encoding NAME [--rope-layout L] [--rotary-dim N]`, which prints one JSON document: the
options, the float32 parameters, a batch, and the loss and gradients the C++ trainer computed in
float64 and in float32. The model below is written by hand from the lab's specification (not from
the C++), runs in torch float64 on the same parameters, and autograd gives the reference
gradients. The last line is `torch-crosscheck: N passed, M failed`; the exit status is 0 only when
nothing failed.

Tolerances:
  float64 result: loss and every gradient element within 1e-9 relative or 1e-12 absolute.
  float32 result: loss within 1e-5 relative; each gradient tensor within
                  ||g_cpp - g_torch|| <= 1e-5 ||g_torch|| + 1e-7 (2-norms).
  both: the gradient names are exactly the parameter names, and a gradient (or a row of a
        table) that is exactly zero in torch (an unused token, position or bucket) is exactly zero
        in C++ too: a nonzero there means the C++ touched something the model never reads.

--self-test checks the checker itself: dumps made here by the torch model (float64 and float32)
must pass, and dumps with one perturbed number, a missing or extra gradient, a wrong option or a
failing executable must fail. It also checks the model against facts that do not come from it
(torch's own attention, T5 bucket values worked out by hand, what each encoding must be invariant
to), because a checker that agrees with itself proves nothing about the model.
"""

import json
import math
import subprocess
import sys

try:
    import torch
    import torch.nn.functional as F
except ImportError as error:  # the PATH python3 is often a pyenv build without torch
    sys.stderr.write(
        f'torch-crosscheck: cannot import torch ({error}).\n'
        f'  This is {sys.executable}; run the check with /usr/bin/python3 (Debian python3-torch,\n'
        '  installed by `node tools/setup.mjs`).\n'
    )
    sys.exit(1)

torch.set_num_threads(1)
F64 = torch.float64

ENCODINGS = ['none', 'learned', 'relative', 'rope', 'alibi', 'sinusoidal', 't5']
LN_EPS = 1e-5

# ---------------------------------------------------------------------------------------------
# The model, written from the specification. Every function takes the parameters as a dict of
# tensors (float64 for the reference; float32 only when --self-test makes a float32 dump).
# ---------------------------------------------------------------------------------------------


def expected_shapes(opt):
    """Name -> shape of every parameter the options call for, and nothing else."""
    D, H, F_, V = opt['dim'], opt['heads'], opt['hidden'], opt['vocabulary']
    enc = opt['encoding']
    shapes = {'token_embedding': [V, D]}
    if enc == 'learned':
        shapes['position_embedding'] = [opt['maxPositions'], D]
    if enc == 'relative':
        shapes['relative_embedding'] = [2 * opt['relativeDistance'] + 1, D]
    if enc == 't5':
        shapes['t5_bias'] = [opt['t5Buckets'], H]
    for l in range(opt['layers']):
        p = f'layers.{l}.'
        shapes.update({
            p + 'ln1.weight': [D], p + 'ln1.bias': [D],
            p + 'wq': [D, D], p + 'wk': [D, D], p + 'wv': [D, D], p + 'wo': [D, D],
            p + 'ln2.weight': [D], p + 'ln2.bias': [D],
            p + 'w1': [D, F_], p + 'b1': [F_], p + 'w2': [F_, D], p + 'b2': [D],
        })
    shapes.update({'final_ln.weight': [D], 'final_ln.bias': [D], 'output': [D, V]})
    return shapes


def layer_norm(x, params, name):
    # Biased variance, eps 1e-5, over the model dimension: what the spec asks for.
    return F.layer_norm(x, (x.shape[-1],), params[name + '.weight'], params[name + '.bias'], LN_EPS)


def sinusoidal_table(positions, dim, dtype):
    """S[p, 2j] = sin(p w_j), S[p, 2j+1] = cos(p w_j), w_j = 10000^(-2j/D); computed in float64."""
    j = torch.arange(dim // 2, dtype=F64)
    w = 10000.0 ** (-2.0 * j / dim)
    angle = positions.to(F64)[:, None] * w[None, :]
    table = torch.stack([torch.sin(angle), torch.cos(angle)], dim=-1).reshape(len(positions), dim)
    return table.to(dtype)


def rotate(x, positions, rotary_dim, base, layout):
    """RoPE on the first rotary_dim features of each head of x [H, T, Dh]; the rest pass through.

    Pair j (j < rotary_dim/2) turns by p * base^(-2j/rotary_dim). "interleaved" pairs features
    (2j, 2j+1), "half" pairs (j, j + rotary_dim/2); (a, b) -> (a cos - b sin, b cos + a sin).
    """
    half = rotary_dim // 2
    j = torch.arange(half, dtype=F64)
    theta = float(base) ** (-2.0 * j / rotary_dim)
    angle = positions.to(F64)[:, None] * theta[None, :]  # [T, half]
    cos, sin = torch.cos(angle).to(x.dtype), torch.sin(angle).to(x.dtype)
    rot, rest = x[..., :rotary_dim], x[..., rotary_dim:]
    if layout == 'interleaved':
        a, b = rot[..., 0::2], rot[..., 1::2]
    elif layout == 'half':
        a, b = rot[..., :half], rot[..., half:]
    else:
        raise ValueError(f'unknown ropeLayout {layout!r}')
    ra, rb = a * cos - b * sin, b * cos + a * sin
    if layout == 'interleaved':
        turned = torch.stack([ra, rb], dim=-1).reshape(rot.shape)
    else:
        turned = torch.cat([ra, rb], dim=-1)
    return torch.cat([turned, rest], dim=-1)


def t5_bucket(relative_position, num_buckets, max_distance):
    """Hugging Face T5's _relative_position_bucket with bidirectional=False, written from its
    definition: only the past counts (rel = -min(d, 0)); distances below nb/2 get their own
    bucket, larger ones share log-spaced buckets up to max_distance, then the last bucket.
    The logarithm runs in float32 like the torch original, so the bucket edges match it."""
    rel = -torch.clamp(relative_position, max=0)
    max_exact = num_buckets // 2
    is_small = rel < max_exact
    # Clamping to max_exact only keeps log() finite on entries the small branch answers anyway.
    far = torch.clamp(rel, min=max_exact).to(torch.float32)
    large = max_exact + (
        torch.log(far / max_exact) / math.log(max_distance / max_exact) * (num_buckets - max_exact)
    ).to(torch.long)
    large = torch.clamp(large, max=num_buckets - 1)
    return torch.where(is_small, rel, large)


def alibi_formula(heads):
    """Press et al.'s slopes for a power-of-two head count: m_n = 2^(-8 (n+1) / H)."""
    return [2.0 ** (-8.0 * (n + 1) / heads) for n in range(heads)]


def split_heads(y, heads):
    """[T, D] -> [H, T, Dh]: head n owns columns n*Dh .. (n+1)*Dh - 1."""
    T, D = y.shape
    return y.reshape(T, heads, D // heads).transpose(0, 1)


def attention_scores(q, k, x_dtype, params, opt, layer, positions):
    """Pre-softmax logits [H, T, T] of one layer, before the causal mask."""
    enc = opt['encoding']
    H, Dh = q.shape[0], q.shape[2]
    if enc == 'relative':
        # DeBERTa's disentangled attention: content->content, content->position and
        # position->content, over sqrt(3 Dh) instead of sqrt(Dh). The table is shared by the
        # layers; each layer projects it with its own wq / wk.
        dist = opt['relativeDistance']
        table = params['relative_embedding']
        key_rel = split_heads(table @ params[f'layers.{layer}.wk'], H)    # [H, 2k+1, Dh]
        query_rel = split_heads(table @ params[f'layers.{layer}.wq'], H)  # [H, 2k+1, Dh]
        d = positions[:, None] - positions[None, :]  # p_i - p_j, [T, T]
        c2p_index = torch.clamp(d, -dist, dist) + dist
        p2c_index = torch.clamp(-d, -dist, dist) + dist
        c2c = q @ k.transpose(-1, -2)
        c2p = (q[:, :, None, :] * key_rel[:, c2p_index]).sum(-1)    # q_i . Kr[c(p_i - p_j)]
        p2c = (k[:, None, :, :] * query_rel[:, p2c_index]).sum(-1)  # k_j . Qr[c(p_j - p_i)]
        return (c2c + c2p + p2c) / math.sqrt(3 * Dh)
    scores = q @ k.transpose(-1, -2) / math.sqrt(Dh)
    if enc == 'alibi':
        slopes = torch.tensor(opt['alibiSlopes'], dtype=F64)
        distance = (positions[:, None] - positions[None, :]).to(F64)  # p_i - p_j
        scores = scores - (slopes[:, None, None] * distance[None]).to(x_dtype)
    elif enc == 't5':
        buckets = t5_bucket(positions[None, :] - positions[:, None], opt['t5Buckets'],
                            opt['t5MaxDistance'])  # bucket(p_j - p_i), [T, T]
        scores = scores + params['t5_bias'][buckets].permute(2, 0, 1)  # [T, T, H] -> [H, T, T]
    return scores


def self_attention(x, params, opt, layer, positions):
    p = f'layers.{layer}.'
    H = opt['heads']
    h = layer_norm(x, params, p + 'ln1')
    q = split_heads(h @ params[p + 'wq'], H)
    k = split_heads(h @ params[p + 'wk'], H)
    v = split_heads(h @ params[p + 'wv'], H)
    if opt['encoding'] == 'rope':
        q = rotate(q, positions, opt['rotaryDim'], opt['ropeBase'], opt['ropeLayout'])
        k = rotate(k, positions, opt['rotaryDim'], opt['ropeBase'], opt['ropeLayout'])
    scores = attention_scores(q, k, x.dtype, params, opt, layer, positions)
    T = x.shape[0]
    future = torch.ones(T, T, dtype=torch.bool).triu(1)  # j > i: a token never sees ahead
    weights = torch.softmax(scores.masked_fill(future, float('-inf')), dim=-1)
    out = (weights @ v).transpose(0, 1).reshape(T, -1)  # heads side by side again
    return out @ params[p + 'wo']


def feed_forward(x, params, layer):
    p = f'layers.{layer}.'
    h = layer_norm(x, params, p + 'ln2')
    return F.gelu(h @ params[p + 'w1'] + params[p + 'b1']) @ params[p + 'w2'] + params[p + 'b2']


def sequence_logits(params, opt, tokens, positions):
    """Logits [T, V] for inputs tokens[0..T-1] at the given (strictly increasing) positions."""
    x = params['token_embedding'][tokens[:-1]]
    if opt['encoding'] == 'learned':
        x = x + params['position_embedding'][positions]
    elif opt['encoding'] == 'sinusoidal':
        x = x + sinusoidal_table(positions, opt['dim'], x.dtype)
    for layer in range(opt['layers']):
        x = x + self_attention(x, params, opt, layer, positions)
        x = x + feed_forward(x, params, layer)
    return layer_norm(x, params, 'final_ln') @ params['output']


def batch_loss(params, opt, batch):
    """Mean over every answer position of the batch of -log p(next token)."""
    total, count = 0, 0
    for seq in batch:
        tokens = torch.tensor(seq['tokens'], dtype=torch.long)
        positions = torch.tensor(seq['positions'], dtype=torch.long)
        answer = torch.tensor(seq['answer'], dtype=torch.bool)
        log_p = torch.log_softmax(sequence_logits(params, opt, tokens, positions), dim=-1)
        picked = log_p[torch.arange(len(positions)), tokens[1:]]
        total = total + (-picked[answer]).sum()
        count += int(answer.sum())
    return total / count


def reference(params_flat, shapes, opt, batch, dtype=F64):
    """Loss and gradients (name -> flat tensor) of the model, by autograd.

    The dumped values are float32 parameters; rounding them through float32 first gives the
    exact float32 value even when the dump printed only the 9 digits that identify it."""
    params = {
        name: torch.tensor(values, dtype=torch.float32).to(dtype).reshape(shapes[name])
        .requires_grad_(True)
        for name, values in params_flat.items()
    }
    loss = batch_loss(params, opt, batch)
    names = list(params)
    grads = torch.autograd.grad(loss, [params[n] for n in names], allow_unused=True)
    out = {}
    for name, g in zip(names, grads):
        out[name] = torch.zeros(params[name].numel(), dtype=dtype) if g is None else g.reshape(-1)
    return loss.detach(), {n: g.detach() for n, g in out.items()}


# ---------------------------------------------------------------------------------------------
# Checking a dump.
# ---------------------------------------------------------------------------------------------


def check_setup(doc, request):
    """Problems with the dump itself (format, options that ignore the request, bad batch)."""
    problems = []
    for key in ('options', 'shapes', 'params', 'batch', 'float64', 'float32'):
        if key not in doc:
            problems.append(f'the dump has no "{key}"')
    if problems:
        return problems
    opt = doc['options']
    need = ['encoding', 'layers', 'dim', 'heads', 'hidden', 'vocabulary', 'maxPositions']
    need += {'relative': ['relativeDistance'], 'rope': ['ropeBase', 'ropeLayout', 'rotaryDim'],
             't5': ['t5Buckets', 't5MaxDistance'], 'alibi': ['alibiSlopes']}.get(
                 opt.get('encoding'), [])
    missing = [k for k in need if k not in opt]
    if missing:
        return [f'options lack {", ".join(missing)}']
    for key, value in request.items():
        if opt[key] != value:
            problems.append(f'asked for {key} = {value!r}, the dump says {opt[key]!r}')
    D, H = opt['dim'], opt['heads']
    if D % H:
        problems.append(f'dim {D} is not a multiple of heads {H}')
    Dh = D // H
    enc = opt['encoding']
    if enc == 'sinusoidal' and D % 2:
        problems.append(f'sinusoidal needs an even dim, got {D}')
    if enc == 'rope':
        r = opt['rotaryDim']
        if opt['ropeLayout'] not in ('interleaved', 'half'):
            problems.append(f'unknown ropeLayout {opt["ropeLayout"]!r}')
        if not (isinstance(r, int) and 0 < r <= Dh and r % 2 == 0):
            problems.append(f'rotaryDim {r!r} is not even and in 2..{Dh}')
    if enc == 'alibi':
        slopes = opt['alibiSlopes']
        if len(slopes) != H:
            problems.append(f'{len(slopes)} ALiBi slopes for {H} heads')
        elif H & (H - 1) == 0:
            for n, (got, want) in enumerate(zip(slopes, alibi_formula(H))):
                if abs(got - want) > 1e-6 * want:
                    problems.append(f'ALiBi slope {n} is {got!r}, 2^(-8 (n+1)/H) = {want!r}')
    if enc == 't5' and opt['t5Buckets'] < 2:
        problems.append(f't5Buckets {opt["t5Buckets"]} < 2')

    want_shapes = expected_shapes(opt)
    for name in sorted(set(want_shapes) | set(doc['shapes']) | set(doc['params'])):
        if name not in want_shapes:
            problems.append(f'unexpected parameter {name!r} for encoding {enc}')
        elif name not in doc['params'] or name not in doc['shapes']:
            problems.append(f'parameter {name!r} missing from "params" or "shapes"')
        elif list(doc['shapes'][name]) != want_shapes[name]:
            problems.append(f'{name} has shape {doc["shapes"][name]}, expected {want_shapes[name]}')
        elif len(doc['params'][name]) != math.prod(want_shapes[name]):
            problems.append(f'{name} has {len(doc["params"][name])} values for shape '
                            f'{want_shapes[name]}')
        elif not all(math.isfinite(v) for v in doc['params'][name]):
            problems.append(f'{name} has non-finite values')

    batch = doc['batch']
    if not batch:
        problems.append('empty batch')
    answers = 0
    for s, seq in enumerate(batch):
        tokens, positions, answer = seq.get('tokens', []), seq.get('positions', []), seq.get(
            'answer', [])
        T = len(positions)
        if T == 0 or len(tokens) != T + 1 or len(answer) != T:
            problems.append(f'batch[{s}]: {len(tokens)} tokens, {T} positions, {len(answer)} '
                            'answer flags (want T+1, T, T)')
            continue
        if any(not 0 <= t < opt['vocabulary'] for t in tokens):
            problems.append(f'batch[{s}]: a token outside the vocabulary')
        if any(b <= a for a, b in zip(positions, positions[1:])) or positions[0] < 0:
            problems.append(f'batch[{s}]: positions not strictly increasing from >= 0')
        if enc == 'learned' and positions[-1] >= opt['maxPositions']:
            problems.append(f'batch[{s}]: position {positions[-1]} >= maxPositions')
        if any(a not in (0, 1) for a in answer):
            problems.append(f'batch[{s}]: answer flags other than 0/1')
        answers += sum(1 for a in answer if a == 1)
    if batch and answers == 0:
        problems.append('no answer position in the batch')
    return problems


def zero_rows_shape(shape):
    """A table's rows are its first index; a vector counts as one row."""
    return (shape[0], -1) if len(shape) == 2 else (1, -1)


def zero_rows(g, shape):
    """Indices of the rows where g is exactly zero."""
    rows = g.reshape(zero_rows_shape(shape))
    return [i for i in range(rows.shape[0]) if not rows[i].any()]


def compare_result(label, result, ref_loss, ref_grads, shapes, verbose, log):
    """Compare one of the dump's results ("float64" or "float32") with the torch reference.
    Returns the number of failures; log() gets one line per failing tensor."""
    failures = 0
    strict = label == 'float64'
    if not isinstance(result, dict) or 'loss' not in result or 'grads' not in result:
        log(f'  FAIL {label}: no "loss" and "grads"')
        return 1
    ref = float(ref_loss)
    loss = result['loss']
    loss_err = abs(loss - ref) if isinstance(loss, (int, float)) else math.inf
    loss_ok = (loss_err <= 1e-9 * abs(ref) or loss_err <= 1e-12) if strict else (
        loss_err <= 1e-5 * abs(ref))
    if not loss_ok:
        failures += 1
        log(f'  FAIL {label} loss: C++ {loss!r}, torch {ref!r}, relative error '
            f'{loss_err / abs(ref):.3g} (limit {"1e-9" if strict else "1e-5"})')
    elif verbose:
        log(f'       {label} loss: C++ {loss!r}, torch {ref!r}, relative error '
            f'{loss_err / abs(ref):.3g}')

    grads = result['grads']
    for name in sorted(set(grads) - set(ref_grads)):
        failures += 1
        log(f'  FAIL {label} {name}: a gradient for a tensor that is not a parameter')
    worst = (0.0, None)
    for name in sorted(ref_grads):
        want = ref_grads[name]
        if name not in grads:
            failures += 1
            log(f'  FAIL {label} {name}: no gradient')
            continue
        if len(grads[name]) != want.numel():
            failures += 1
            log(f'  FAIL {label} {name}: {len(grads[name])} values, expected {want.numel()}')
            continue
        got = torch.tensor(grads[name], dtype=F64)
        if not torch.isfinite(got).all():
            failures += 1
            log(f'  FAIL {label} {name}: non-finite gradient values')
            continue
        diff = got - want
        norm = float(want.norm())
        ratio = float(diff.norm()) / norm if norm > 0 else (0.0 if not got.any() else math.inf)
        if ratio > worst[0]:
            worst = (ratio, name)

        # An exact zero in torch is a row nothing reads (unused token, position, bucket, or a
        # relative distance that never occurs): C++ must not put anything there.
        got_zero = set(zero_rows(got, shapes[name]))
        stray = [i for i in zero_rows(want, shapes[name]) if i not in got_zero]
        if stray:
            failures += 1
            rows = got.reshape(zero_rows_shape(shapes[name]))
            biggest = max(float(rows[i].abs().max()) for i in stray)
            where = (f'rows {stray[:10]}{"..." if len(stray) > 10 else ""}'
                     if len(shapes[name]) == 2 else 'the whole tensor')
            log(f'  FAIL {label} {name}: torch gradient exactly zero in {where}, C++ is not '
                f'(max |g| {biggest:.3g})')

        if strict:
            err = diff.abs()
            bad = (err > 1e-9 * want.abs()) & (err > 1e-12)
            if bad.any():
                failures += 1
                i = int(torch.argmax(torch.where(bad, err / want.abs().clamp(min=1e-300),
                                                 torch.zeros_like(err))))
                log(f'  FAIL {label} {name}: {int(bad.sum())} of {want.numel()} elements out of '
                    f'1e-9 rel / 1e-12 abs; worst [{index_text(i, shapes[name])}] C++ '
                    f'{float(got[i])!r} torch {float(want[i])!r}; ||d||/||g|| {ratio:.3g}')
            elif verbose:
                log(f'       {label} {name}: max abs err {float(err.max()):.3g}, ||d||/||g|| '
                    f'{ratio:.3g}')
        else:
            allowed = 1e-5 * norm + 1e-7
            if float(diff.norm()) > allowed:
                failures += 1
                log(f'  FAIL {label} {name}: ||d||/||g|| {ratio:.3g} '
                    f'(||d|| {float(diff.norm()):.3g} > 1e-5 ||g|| + 1e-7 = {allowed:.3g})')
            elif verbose:
                log(f'       {label} {name}: ||d||/||g|| {ratio:.3g}')
    log.worst[label] = worst
    return failures


def index_text(i, shape):
    return f'{i // shape[1]}, {i % shape[1]}' if len(shape) == 2 else str(i)


def check_dump(doc, request, verbose, log):
    """All failures of one dump (0 = pass)."""
    problems = check_setup(doc, request)
    for p in problems:
        log(f'  FAIL setup: {p}')
    if problems:
        return len(problems)
    opt, shapes = doc['options'], {n: list(s) for n, s in doc['shapes'].items()}
    ref_loss, ref_grads = reference(doc['params'], shapes, opt, doc['batch'])
    log.worst = {}
    failures = compare_result('float64', doc['float64'], ref_loss, ref_grads, shapes, verbose, log)
    failures += compare_result('float32', doc['float32'], ref_loss, ref_grads, shapes, verbose, log)
    log.summary = (f'loss {float(ref_loss):.6g}; float64 ' + describe(doc['float64'], ref_loss,
                   log.worst.get('float64')) + '; float32 ' + describe(
                       doc['float32'], ref_loss, log.worst.get('float32')))
    return failures


def describe(result, ref_loss, worst):
    try:
        rel = abs(result['loss'] - float(ref_loss)) / abs(float(ref_loss))
        text = f'loss rel err {rel:.2g}'
    except (TypeError, KeyError):
        text = 'no loss'
    if worst and worst[1]:
        text += f', worst ||d||/||g|| {worst[0]:.2g} ({worst[1]})'
    return text


# ---------------------------------------------------------------------------------------------
# The cases, and running the dump executable.
# ---------------------------------------------------------------------------------------------


def cases(first_rope_options):
    """(label, command-line arguments, options the dump must then report)."""
    out = []
    for enc in ENCODINGS:
        if enc != 'rope':
            out.append((enc, ['--encoding', enc], {'encoding': enc}))
            continue
        for layout in ('interleaved', 'half'):
            out.append((f'rope {layout}', ['--encoding', 'rope', '--rope-layout', layout],
                        {'encoding': 'rope', 'ropeLayout': layout}))
        # Partial rotation: half the head (rounded down to even), so that both the rotated and
        # the untouched features are there, in both layouts.
        partial = None
        if first_rope_options:
            Dh = first_rope_options['dim'] // first_rope_options['heads']
            partial = (Dh // 2) // 2 * 2
        for layout in ('interleaved', 'half'):
            args = ['--encoding', 'rope', '--rope-layout', layout]
            label = f'rope {layout} partial'
            if partial and partial < first_rope_options['dim'] // first_rope_options['heads']:
                out.append((f'{label} (rotaryDim {partial})', args + ['--rotary-dim', str(partial)],
                            {'encoding': 'rope', 'ropeLayout': layout, 'rotaryDim': partial}))
            else:
                out.append((label, None, None))  # no head wide enough (or no rope dump at all)
    return out


def run_executable(command):
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        return None, f'{error}'
    if done.returncode != 0:
        stderr = done.stderr.rstrip()
        return None, f'exit status {done.returncode}; ' + (
            f'stderr:\n{stderr}' if stderr else 'nothing on stderr')
    try:
        return json.loads(done.stdout), None
    except json.JSONDecodeError as error:
        return None, f'stdout is not one JSON document ({error}); stderr:\n{done.stderr.rstrip()}'


class Log:
    def __init__(self, quiet=False):
        self.lines = []
        self.quiet = quiet
        self.worst = {}
        self.summary = ''

    def __call__(self, line):
        self.lines.append(line)
        if not self.quiet:
            print(line, flush=True)


def run_cases(get_dump, verbose, quiet=False):
    """get_dump(args) -> (doc, error). Returns (passed, failed, per-case pass flags)."""
    passed = failed = 0
    verdicts = {}
    rope_options = None
    seen = {}
    fetch = get_dump

    def get_dump(args):  # each command runs once, the probe below included
        if tuple(args) not in seen:
            seen[tuple(args)] = fetch(args)
        return seen[tuple(args)]

    # Ask for the interleaved rope dump first: its head width picks the partial rotary dim.
    probe, _ = get_dump(['--encoding', 'rope', '--rope-layout', 'interleaved'])
    if isinstance(probe, dict) and isinstance(probe.get('options'), dict):
        o = probe['options']
        if isinstance(o.get('dim'), int) and isinstance(o.get('heads'), int) and o['heads'] > 0:
            rope_options = o
    for label, args, request in cases(rope_options):
        log = Log(quiet)
        if args is None:
            ok = False
            log(f'FAIL {label}: no partial rotation possible (no rope dump, or head width < 4)')
        else:
            doc, error = get_dump(args)
            if error:
                ok = False
                log(f'FAIL {label}: `{" ".join(args)}` failed: {error}')
            else:
                body = Log(True)
                try:
                    n = check_dump(doc, request, verbose, body)
                except Exception as error:  # a malformed dump fails its case, not the run
                    n = 1
                    body(f'  FAIL the dump could not be read: {type(error).__name__}: {error}')
                ok = n == 0
                log(f'{"ok  " if ok else "FAIL"} {label}: {body.summary}' if body.summary else
                    f'FAIL {label}')
                for line in body.lines:
                    log(line)
        passed, failed = passed + ok, failed + (not ok)
        verdicts[label] = ok
    return passed, failed, verdicts


# ---------------------------------------------------------------------------------------------
# --self-test: dumps made here, good and broken.
# ---------------------------------------------------------------------------------------------

SELF_OPTIONS = {'layers': 2, 'dim': 16, 'heads': 2, 'hidden': 32, 'vocabulary': 17,
                'maxPositions': 40, 'relativeDistance': 3, 'ropeBase': 10000, 'ropeLayout':
                'interleaved', 'rotaryDim': 8, 't5Buckets': 8, 't5MaxDistance': 20,
                'alibiSlopes': alibi_formula(2)}


def parse_args_for_fake(args):
    opt = dict(SELF_OPTIONS)
    i = 0
    while i < len(args):
        key, value = args[i], args[i + 1]
        if key == '--encoding':
            opt['encoding'] = value
        elif key == '--rope-layout':
            opt['ropeLayout'] = value
        elif key == '--rotary-dim':
            opt['rotaryDim'] = int(value)
        i += 2
    return opt


def make_dump(opt, seed):
    """A dump in the executable's format, with results from this file's model (float64 and a
    genuine float32 run, so the float32 tolerance meets real float32 rounding)."""
    gen = torch.Generator().manual_seed(seed)
    shapes = expected_shapes(opt)
    params = {}
    for name, shape in shapes.items():
        if name.endswith('.weight'):
            t = 1 + 0.1 * torch.randn(shape, generator=gen)
        elif name.endswith(('.bias', '.b1', '.b2')):
            t = 0.1 * torch.randn(shape, generator=gen)
        else:
            t = torch.randn(shape, generator=gen) / math.sqrt(shape[0])
        params[name] = t.to(torch.float32).reshape(-1).tolist()
    batch = []
    for T in (6, 9, 4):
        # Gaps of 1..3 so positions are not 0..T-1; the first token is not always at 0.
        start = int(torch.randint(0, 4, (1,), generator=gen))
        gaps = torch.randint(1, 4, (T - 1,), generator=gen)
        positions = [start] + (start + torch.cumsum(gaps, 0)).tolist()
        tokens = torch.randint(0, opt['vocabulary'] - 3, (T + 1,), generator=gen).tolist()
        answer = (torch.rand(T, generator=gen) < 0.5).long().tolist()
        answer[-1] = 1
        batch.append({'tokens': tokens, 'positions': positions, 'answer': answer})
    doc = {'options': dict(opt), 'shapes': shapes, 'params': params, 'batch': batch}
    for key, dtype in (('float64', F64), ('float32', torch.float32)):
        loss, grads = reference(params, shapes, opt, batch, dtype)
        doc[key] = {'loss': float(loss), 'grads': {n: g.tolist() for n, g in grads.items()}}
    return doc


def independent_model_checks(log):
    """Facts about the model that do not come from the model. Returns the failure count."""
    failures = 0

    def expect(ok, what):
        nonlocal failures
        if not ok:
            failures += 1
        log(f'{"ok  " if ok else "FAIL"} model: {what}')

    # T5 buckets worked out by hand for nb = 32, max_distance = 128 (T5's defaults): 0..15
    # exact; 16 + floor(log(rel/16) / log 8 * 16) beyond; 31 from 128 on. Future keys: bucket 0.
    rel = torch.tensor([0, 1, 15, 16, 20, 32, 64, 100, 127, 128, 1000])
    want = [0, 1, 15, 16, 17, 21, 26, 30, 31, 31, 31]
    got = t5_bucket(-rel, 32, 128).tolist()
    expect(got == want, f'T5 buckets (nb 32, max 128) {got} == {want}')
    expect(t5_bucket(torch.tensor([1, 5]), 32, 128).tolist() == [0, 0], 'T5: future -> bucket 0')

    opt = dict(SELF_OPTIONS, encoding='none')
    doc = make_dump(opt, 7)
    shapes = expected_shapes(opt)
    params = {n: torch.tensor(v, dtype=F64).reshape(shapes[n]) for n, v in doc['params'].items()}
    T, H = 7, opt['heads']
    x = torch.randn(T, opt['dim'], dtype=F64, generator=torch.Generator().manual_seed(3))
    positions = torch.tensor([0, 2, 3, 7, 8, 12, 13])

    # Attention against torch.nn.MultiheadAttention (causal, with a float per-head mask for
    # ALiBi), which knows nothing of this file. It computes x W^T, hence the transposes.
    def via_torch_mha(bias):
        p = 'layers.0.'
        D = opt['dim']
        mha = torch.nn.MultiheadAttention(D, H, bias=False, dtype=F64)
        with torch.no_grad():
            mha.in_proj_weight.copy_(torch.cat([params[p + w].T for w in ('wq', 'wk', 'wv')]))
            mha.out_proj.weight.copy_(params[p + 'wo'].T)
        h = layer_norm(x, params, p + 'ln1')[:, None, :]  # [T, batch 1, D]
        causal = torch.ones(T, T, dtype=torch.bool).tril()
        mask = torch.where(causal, bias, torch.tensor(float('-inf'), dtype=F64))
        out, _ = mha(h, h, h, attn_mask=mask, need_weights=False)
        return out[:, 0, :].detach()

    zero = torch.zeros(H, T, T, dtype=F64)
    err = (self_attention(x, params, opt, 0, positions) - via_torch_mha(zero)).abs().max()
    expect(err < 1e-12, f'attention (none) == nn.MultiheadAttention, max err {float(err):.2g}')
    slopes = torch.tensor(opt['alibiSlopes'], dtype=F64)
    alibi_bias = -slopes[:, None, None] * (positions[:, None] - positions[None, :])[None]
    err = (self_attention(x, params, dict(opt, encoding='alibi'), 0, positions) - via_torch_mha(
        alibi_bias.to(F64))).abs().max()
    expect(err < 1e-12, f'attention (alibi) == nn.MultiheadAttention + bias, '
                        f'max err {float(err):.2g}')

    # RoPE: a rotation (norms kept), and q.k depends only on the position difference.
    v = torch.randn(H, T, opt['dim'] // H, dtype=F64, generator=torch.Generator().manual_seed(5))
    for layout in ('interleaved', 'half'):
        for r in (8, 4):
            a = rotate(v, positions, r, 10000, layout)
            b = rotate(v, positions + 11, r, 10000, layout)
            kept = (a.norm(dim=-1) - v.norm(dim=-1)).abs().max()
            rel_only = ((a @ a.transpose(-1, -2)) - (b @ b.transpose(-1, -2))).abs().max()
            rest = (a[..., r:] - v[..., r:]).abs().max() if r < v.shape[-1] else torch.tensor(0.)
            expect(kept < 1e-12 and rel_only < 1e-12 and rest == 0,
                   f'rope {layout} rotaryDim {r}: norm kept, q.k relative only, tail untouched')
    a = rotate(v, positions, 8, 10000, 'interleaved')
    b = rotate(v, positions, 8, 10000, 'half')
    expect((a - b).abs().max() > 1e-3, 'rope: the two layouts differ')
    # Interleaved pair 0 at position p turns (x0, x1) by p radians (theta_0 = 1).
    x0, x1, p = v[0, 1, 0], v[0, 1, 1], float(positions[1])
    expect(abs(float(a[0, 1, 0] - (x0 * math.cos(p) - x1 * math.sin(p)))) < 1e-12,
           'rope interleaved: pair 0 turns by p radians')

    s = sinusoidal_table(torch.tensor([0, 1]), 8, F64)
    expect(s[0].tolist() == [0, 1] * 4 and abs(float(s[1, 2]) - math.sin(0.1)) < 1e-15,
           'sinusoidal: S[0] = (0, 1, ...), S[1, 2] = sin(10000^(-2/8))')

    # Invariances over the whole loss: encodings that see only differences of positions must not
    # change when every position moves by the same amount; `none` ignores positions entirely;
    # the others must see a change of the gaps.
    batch = doc['batch']
    shifted = [dict(s, positions=[p + 5 for p in s['positions']]) for s in batch]
    regapped = [dict(s, positions=[2 * p + i for i, p in enumerate(s['positions'])]) for s in batch]
    for enc in ENCODINGS:
        o = dict(opt, encoding=enc)
        sh = expected_shapes(o)
        d = make_dump(o, 11)
        base, _ = reference(d['params'], sh, o, batch)
        moved, _ = reference(d['params'], sh, o, shifted)
        gapped, _ = reference(d['params'], sh, o, regapped)
        shift_invariant = abs(float(moved - base)) < 1e-12
        gap_sensitive = abs(float(gapped - base)) > 1e-6
        if enc == 'none':
            expect(shift_invariant and not gap_sensitive, 'none: positions are ignored')
        elif enc in ('learned', 'sinusoidal'):
            expect(not shift_invariant, f'{enc}: absolute positions matter')
        else:
            expect(shift_invariant and gap_sensitive,
                   f'{enc}: only position differences matter, and they do')

    # Causality: changing a later token leaves the earlier logits alone.
    o = dict(opt, encoding='relative')
    sh = expected_shapes(o)
    d = make_dump(o, 12)
    pr = {n: torch.tensor(v, dtype=F64).reshape(sh[n]) for n, v in d['params'].items()}
    toks = torch.tensor([1, 2, 3, 4, 5, 6])
    later = toks.clone()
    later[4] = 9
    pos = torch.tensor([0, 1, 3, 4, 6])
    l1, l2 = sequence_logits(pr, o, toks, pos), sequence_logits(pr, o, later, pos)
    expect((l1[:4] - l2[:4]).abs().max() == 0 and (l1[4] - l2[4]).abs().max() > 0,
           'causal: a later token changes no earlier logit')
    return failures


def perturbed(doc, how):
    """A copy of doc broken in one way (see the table in self_test)."""
    d = json.loads(json.dumps(doc))
    g64, g32 = d['float64']['grads'], d['float32']['grads']
    if how == 'float64 grad element +1e-8 rel':
        g64['layers.1.wq'][5] *= 1 + 1e-8
    elif how == 'float64 smallest grad element +2e-12 abs':
        name, i = smallest_element(g64)
        g64[name][i] += max(2e-12, 2e-9 * abs(g64[name][i]))
    elif how == 'within tolerance':  # must still pass: the limits are not tighter than said
        name, i = smallest_element(g64)
        g64[name][i] += 0.5e-12
        g64['layers.1.wq'][5] *= 1 + 5e-10
        d['float64']['loss'] *= 1 + 5e-10
        g = torch.tensor(g64['layers.0.w2'], dtype=F64)
        g32['layers.0.w2'][3] += 0.9e-5 * float(g.norm())
        d['float32']['loss'] *= 1 + 0.9e-5
    elif how == 'float32 grad tensor +2e-5 of its norm':
        g = torch.tensor(d['float64']['grads']['layers.0.w2'], dtype=F64)
        g32['layers.0.w2'][3] += 2e-5 * float(g.norm()) + 1e-7
    elif how == 'float64 loss +1e-8 rel':
        d['float64']['loss'] *= 1 + 1e-8
    elif how == 'float32 loss +2e-5 rel':
        d['float32']['loss'] *= 1 + 2e-5
    elif how == 'float32 grad missing':
        del g32['output']
    elif how == 'float64 grad extra':
        g64['bogus'] = [0.0]
    elif how == 'float32 nonzero in an unused token row':
        V, D = d['shapes']['token_embedding']
        used = {t for s in d['batch'] for t in s['tokens'][:-1]}
        row = next(r for r in range(V) if r not in used)
        g32['token_embedding'][row * D] = 1e-30
    elif how == 'float64 layers swapped':
        g64['layers.0.wv'], g64['layers.1.wv'] = g64['layers.1.wv'], g64['layers.0.wv']
    elif how == 'float64 NaN':
        g64['final_ln.bias'][0] = float('nan')
    elif how == 'parameter missing':
        del d['params']['final_ln.bias']
    elif how == 'learned table one row short':
        D = d['options']['dim']
        d['shapes']['position_embedding'][0] -= 1
        d['params']['position_embedding'] = d['params']['position_embedding'][:-D]
    else:
        raise ValueError(how)
    return d


def smallest_element(grads):
    """(name, index) of the nonzero gradient element of least magnitude."""
    return min(((n, i) for n, g in grads.items() for i, v in enumerate(g) if v != 0),
               key=lambda ni: abs(grads[ni[0]][ni[1]]))


def self_test(verbose):
    passed = failed = 0

    def tally(ok, what):
        nonlocal passed, failed
        passed, failed = passed + ok, failed + (not ok)
        print(f'{"ok  " if ok else "FAIL"} {what}', flush=True)

    log = Log(not verbose)
    n = independent_model_checks(log)
    if not verbose:
        for line in log.lines:
            if line.startswith('FAIL'):
                print(line)
    tally(n == 0, f'independent checks of the torch model ({len(log.lines) - n} of '
                  f'{len(log.lines)} hold)')

    # Every case against dumps of this file's own model: all must pass.
    cache = {}

    def fake(args):
        key = tuple(args)
        if key not in cache:
            cache[key] = make_dump(parse_args_for_fake(args), 1 + len(cache))
        return cache[key], None

    p, f, _ = run_cases(fake, verbose, quiet=not verbose)
    tally(f == 0 and p == 10, f'all {p + f} cases pass against dumps of this model ({f} failed)')

    # Broken dumps: each must fail.
    def must_fail(doc, request, what):
        body = Log(True)
        n = check_dump(doc, request, False, body)
        first = next((line.strip() for line in body.lines if 'FAIL' in line), 'nothing failed')
        tally(n > 0, f'detects {what}: {first}')

    learned = make_dump(parse_args_for_fake(['--encoding', 'learned']), 21)
    body = Log(True)
    n = check_dump(perturbed(learned, 'within tolerance'), {'encoding': 'learned'}, False, body)
    tally(n == 0, 'passes a dump off by less than every limit' + ''.join(
        '\n' + line for line in body.lines))
    for how in ('float64 grad element +1e-8 rel', 'float64 smallest grad element +2e-12 abs',
                'float32 grad tensor +2e-5 of its norm', 'float64 loss +1e-8 rel',
                'float32 loss +2e-5 rel', 'float32 grad missing', 'float64 grad extra',
                'float32 nonzero in an unused token row', 'float64 layers swapped', 'float64 NaN',
                'parameter missing', 'learned table one row short'):
        must_fail(perturbed(learned, how), {'encoding': 'learned'}, how)

    # The model must notice each encoding's details: a dump made with one setting and labelled
    # with another has to fail.
    half = make_dump(parse_args_for_fake(['--encoding', 'rope', '--rope-layout', 'half']), 22)
    d = json.loads(json.dumps(half))
    d['options']['ropeLayout'] = 'interleaved'
    must_fail(d, {'encoding': 'rope'}, 'a half-layout dump labelled interleaved')
    must_fail(half, {'encoding': 'rope', 'ropeLayout': 'interleaved'},
              'a dump that ignored --rope-layout')
    d = json.loads(json.dumps(half))
    d['options']['rotaryDim'] = 4
    must_fail(d, {'encoding': 'rope'}, 'a full-rotation dump labelled rotaryDim 4')
    d = json.loads(json.dumps(half))
    d['options']['ropeBase'] = 500
    must_fail(d, {'encoding': 'rope'}, 'a wrong ropeBase')
    alibi = make_dump(parse_args_for_fake(['--encoding', 'alibi']), 23)
    d = json.loads(json.dumps(alibi))
    d['options']['alibiSlopes'] = [0.5, 0.0625]
    must_fail(d, {'encoding': 'alibi'}, 'ALiBi slopes off the formula')
    t5 = make_dump(parse_args_for_fake(['--encoding', 't5']), 24)
    d = json.loads(json.dumps(t5))
    d['options']['t5MaxDistance'] = 9
    must_fail(d, {'encoding': 't5'}, 'a wrong t5MaxDistance')
    rel = make_dump(parse_args_for_fake(['--encoding', 'relative']), 25)
    d = json.loads(json.dumps(rel))
    first = d['batch'][0]['positions']
    d['batch'][0]['positions'] = [first[0]] + [p + 1 for p in first[1:]]
    must_fail(d, {'encoding': 'relative'}, 'relative: one gap of the batch changed')
    sin = make_dump(parse_args_for_fake(['--encoding', 'sinusoidal']), 26)
    d = json.loads(json.dumps(sin))
    d['batch'][1]['positions'] = [p + 1 for p in d['batch'][1]['positions']]
    must_fail(d, {'encoding': 'sinusoidal'}, 'sinusoidal: a sequence shifted by one')
    d = json.loads(json.dumps(learned))
    d['batch'][2]['answer'] = [1] * len(d['batch'][2]['answer'])
    must_fail(d, {'encoding': 'learned'}, 'other answer positions')

    # A failing executable fails its case, with its stderr shown.
    doc, error = run_executable([sys.executable, '-c',
                                 'import sys; sys.stderr.write("no such encoding"); sys.exit(2)'])
    tally(doc is None and 'no such encoding' in (error or '') and 'exit status 2' in error,
          f'a failing executable is reported: {error!r}')
    doc, error = run_executable([sys.executable, '-c', 'print("{not json")'])
    tally(doc is None and 'not one JSON' in (error or ''), 'output that is not JSON is reported')

    # A dump executable that fails one case makes run_cases count it as failed.
    def broken(args):
        if '--rotary-dim' in args:
            return None, 'exit status 1; stderr:\nrotary dim unsupported'
        return fake(args)

    p, f, verdicts = run_cases(broken, False, quiet=True)
    tally(f == 2 and p == 8, f'run_cases counts failing cases ({p} passed, {f} failed)')
    return passed, failed


def main(argv):
    verbose = '-v' in argv
    rest = [a for a in argv if a != '-v']
    if rest == ['--self-test']:
        passed, failed = self_test(verbose)
    elif len(rest) == 1 and not rest[0].startswith('-'):
        exe = rest[0]
        passed, failed, _ = run_cases(lambda args: run_executable([exe] + args), verbose)
    else:
        sys.stderr.write('usage: /usr/bin/python3 tests/lab/torch_crosscheck.py '
                         '(DUMP_EXECUTABLE | --self-test) [-v]\n')
        return 2
    print(f'torch-crosscheck: {passed} passed, {failed} failed')
    return 0 if failed == 0 else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
