"""The length lab's reference model in plain PyTorch, timed for `npm run bench`.

Run with Debian's /usr/bin/python3 (python3-torch). It trains the same architecture as
cpp/lab (pre-LayerNorm causal attention with RoPE, GELU MLP, output projection, cross-entropy on
the answer tokens, AdamW with global-norm clipping) on copy batches, the way a PyTorch user
would write it: a padded [batch x length] tensor with a mask. One thread, the BLAS torch links
(Debian's torch uses OpenBLAS). Prints JSON: {"ms_per_step": [...], "threads": 1, "blas": ...}.

    /usr/bin/python3 tools/bench-lab-torch.py --steps 50 --rounds 5 [--dim 64 --heads 4 ...]
"""

import argparse
import ctypes
import json
import math
import sys
import time

try:
    import torch
    import torch.nn.functional as F
except ImportError:
    sys.exit("bench-lab-torch.py: torch is missing; run it with /usr/bin/python3 (Debian's python3-torch)")


class Block(torch.nn.Module):
    def __init__(self, dim, heads, hidden):
        super().__init__()
        self.heads = heads
        self.ln1 = torch.nn.LayerNorm(dim)
        self.qkv = torch.nn.Linear(dim, 3 * dim, bias=False)
        self.wo = torch.nn.Linear(dim, dim, bias=False)
        self.ln2 = torch.nn.LayerNorm(dim)
        self.w1 = torch.nn.Linear(dim, hidden)
        self.w2 = torch.nn.Linear(hidden, dim)

    def forward(self, x, cos, sin, mask):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=-1)
        # [b, heads, t, head_dim]
        q, k, v = (z.view(b, t, self.heads, d // self.heads).transpose(1, 2) for z in (q, k, v))
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        scores = q @ k.transpose(-1, -2) / math.sqrt(d // self.heads)
        attention = scores.masked_fill(mask, float("-inf")).softmax(dim=-1)
        x = x + self.wo((attention @ v).transpose(1, 2).reshape(b, t, d))
        return x + self.w2(F.gelu(self.w1(self.ln2(x))))


def rotate(x, cos, sin):
    """RoPE with pairs (i, i + d/2) (the half layout)."""
    half = x.shape[-1] // 2
    turned = torch.cat((-x[..., half:], x[..., :half]), dim=-1)
    return x * cos + turned * sin


class Model(torch.nn.Module):
    def __init__(self, vocabulary, dim, heads, layers, hidden):
        super().__init__()
        self.embedding = torch.nn.Embedding(vocabulary, dim)
        self.blocks = torch.nn.ModuleList(Block(dim, heads, hidden) for _ in range(layers))
        self.final = torch.nn.LayerNorm(dim)
        self.output = torch.nn.Linear(dim, vocabulary, bias=False)

    def forward(self, tokens, cos, sin, mask):
        x = self.embedding(tokens)
        for block in self.blocks:
            x = block(x, cos, sin, mask)
        return self.output(self.final(x))


def copy_batch(generator, batch, train_length, symbols):
    """Contents of 1..train_length symbols, separator 0, the same symbols; padded to the longest."""
    rows = []
    for _ in range(batch):
        n = int(torch.randint(1, train_length + 1, (1,), generator=generator))
        content = torch.randint(1, symbols + 1, (n,), generator=generator)
        rows.append(torch.cat((content, torch.zeros(1, dtype=torch.long), content)))
    width = max(len(r) for r in rows)
    tokens = torch.zeros(batch, width, dtype=torch.long)
    answer = torch.zeros(batch, width - 1, dtype=torch.bool)
    for i, r in enumerate(rows):
        tokens[i, : len(r)] = r
        n = (len(r) - 1) // 2
        answer[i, n : len(r) - 1] = True
    return tokens, answer


def main():
    p = argparse.ArgumentParser()
    for name, default in [("dim", 64), ("heads", 4), ("layers", 2), ("batch", 32), ("train-length", 8),
                          ("symbols", 16), ("steps", 50), ("rounds", 5), ("warmup-steps", 5)]:
        p.add_argument("--" + name, type=int, default=default)
    a = p.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(1)
    generator = torch.Generator().manual_seed(1)
    model = Model(a.symbols + 1, a.dim, a.heads, a.layers, 4 * a.dim)
    optimiser = torch.optim.AdamW(model.parameters(), lr=1e-3, betas=(0.9, 0.98), weight_decay=0.01)
    head_dim = a.dim // a.heads
    theta = 10000.0 ** (-torch.arange(0, head_dim // 2, dtype=torch.float64) * 2 / head_dim)
    positions = torch.arange(2 * a.train_length, dtype=torch.float64)
    angles = torch.outer(positions, theta)
    cos = torch.cat((angles.cos(), angles.cos()), dim=-1).float()
    sin = torch.cat((angles.sin(), angles.sin()), dim=-1).float()

    def step():
        tokens, answer = copy_batch(generator, a.batch, a.train_length, a.symbols)
        t = tokens.shape[1] - 1
        mask = torch.ones(t, t, dtype=torch.bool).triu(1)
        logits = model(tokens[:, :-1], cos[:t], sin[:t], mask)
        loss = F.cross_entropy(logits[answer], tokens[:, 1:][answer])
        optimiser.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimiser.step()

    for _ in range(a.warmup_steps):
        step()
    times = []
    for _ in range(a.rounds):
        start = time.perf_counter()
        for _ in range(a.steps):
            step()
        times.append((time.perf_counter() - start) * 1e3 / a.steps)
    # Debian's torch calls whichever libblas.so.3 the alternatives system points to: name the one loaded.
    with open("/proc/self/maps") as maps:
        loaded = sorted({line.split()[-1] for line in maps if "blas" in line.lower() and "/" in line})
    blas = next((path for path in loaded if "libblas" in path or "openblas" in path), "none found")
    core = None
    if "openblas" in blas:
        get_corename = ctypes.CDLL(blas).openblas_get_corename
        get_corename.restype = ctypes.c_char_p
        core = get_corename().decode()
    print(json.dumps({"ms_per_step": times, "threads": torch.get_num_threads(), "blas": blas,
                      "openblas_core": core, "torch": torch.__version__}))


if __name__ == "__main__":
    main()
