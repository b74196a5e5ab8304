// The CMake builds of the core, each in its own folder under build/.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root, run, step } from './lib.mjs';

const jobs = String(Math.max(2, (await import('node:os')).availableParallelism?.() ?? 2));

export const builds = {
  native: { dir: 'build/native', emscripten: false, flags: ['-DCMAKE_BUILD_TYPE=Release'] },
  sanitize: {
    dir: 'build/sanitize',
    emscripten: false,
    flags: ['-DCMAKE_BUILD_TYPE=Debug', '-DPOSENC_SANITIZE=ON', '-DPOSENC_BENCH=OFF'],
  },
  'wasm-simd': { dir: 'build/wasm-simd', emscripten: true, flags: ['-DPOSENC_SIMD=ON'] },
  'wasm-scalar': { dir: 'build/wasm-scalar', emscripten: true, flags: ['-DPOSENC_SIMD=OFF'] },
};

// Configures (once) and builds one of `builds`; returns its folder.
export function cmakeBuild(name) {
  const build = builds[name];
  const dir = path.join(root, build.dir);
  const done = step(`Building ${name} (${build.dir})`);
  if (!existsSync(path.join(dir, 'CMakeCache.txt'))) {
    const configure = ['-S', root, '-B', dir, '-DPOSENC_WERROR=ON', ...build.flags];
    if (build.emscripten) {
      // emcmake's default emulator passes a flag Node 20 rejects; use plain node.
      run('emcmake', [
        'cmake',
        ...configure,
        '-DCMAKE_BUILD_TYPE=Release',
        '-DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node',
      ]);
    } else {
      run('cmake', configure);
    }
  }
  run('cmake', ['--build', dir, '-j', jobs]);
  done();
  return dir;
}
