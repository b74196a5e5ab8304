// Installs what the build and the tests need, when it is missing: Debian packages
// (as root, through apt-get) and the npm dev dependencies (npm ci). Idempotent and
// quick when everything is there. POSENC_SKIP_SETUP=1 skips it.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { capture, main, root, run, step } from './lib.mjs';

// Debian package -> why we need it.
const packages = {
  cmake: 'the build',
  'g++': 'the native build',
  make: 'the build',
  clang: 'the libFuzzer targets',
  'clang-format': 'the C++ format check (npm test)',
  'libclang-rt-14-dev': 'libFuzzer and the sanitizer runtimes for clang',
  'libxsimd-dev': 'the SIMD kernels (xsimd 8)',
  'libgtest-dev': 'the native test suite (GoogleTest)',
  'libbenchmark-dev': 'the native benchmarks (Google Benchmark)',
  emscripten: 'the WebAssembly build (emcc 3.1.6)',
  wabt: 'wasm-objdump, to check the SIMD128 kernels',
  chromium: 'the browser tests (headless, driven by playwright-core)',
  'fonts-wqy-microhei': "Chinese glyphs in the headless browser's screenshots",
  hugo: 'the test of the figures in a Hugo blog, as docs/embedding.md sets it up',
  'python3-torch': 'the PyTorch cross-check of the length lab',
  libopenblas0: "OpenBLAS for PyTorch in the lab's benchmark (the reference BLAS is several times slower)",
};

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  // process.getBuiltinModule (Node >= 20.16) is how the wasm module loads in Node.
  if (major < 20 || (major === 20 && minor < 16)) {
    throw new Error(`posenc needs Node >= 20.16, this is ${process.version}`);
  }
}

function missingPackages() {
  return Object.keys(packages).filter((name) => {
    const { status, output } = capture('dpkg-query', ['-W', '-f=${Status}', name]);
    return status !== 0 || !output.includes('install ok installed');
  });
}

function installPackages(missing) {
  const done = step(`Installing Debian packages: ${missing.map((p) => `${p} (${packages[p]})`).join(', ')}`);
  if (process.getuid && process.getuid() !== 0) {
    throw new Error(
      `missing Debian packages; run as root:\n  apt-get update && apt-get install -y ${missing.join(' ')}`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
  done();
}

function npmDependenciesStale() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return true;
  return statSync(path.join(root, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs;
}

await main(async () => {
  if (process.env.POSENC_SKIP_SETUP === '1') return;
  checkNode();
  const missing = missingPackages();
  if (missing.length) installPackages(missing);
  if (npmDependenciesStale()) {
    const done = step('Installing npm dev dependencies (npm ci)');
    run('npm', ['ci', '--no-audit', '--no-fund']);
    done();
  }
});
