// Lets the ES6 module factory run in Node (>= 20.16) as well as in browsers and workers.
// Emscripten 3.1.6's ES6 output expects CommonJS `require`/`__dirname` under Node and then
// tries fetch() on a file: URL, which Node's fetch does not support: read the .wasm with fs.
var require, __dirname;
if (typeof process == 'object' && typeof process.versions == 'object' && typeof process.versions.node == 'string') {
  require = process.getBuiltinModule || globalThis.require; // process.getBuiltinModule: Node >= 20.16
  if (typeof require != 'function') {
    throw new Error(
      'posenc needs Node >= 20.16 (process.getBuiltinModule), or globalThis.require = createRequire(import.meta.url)',
    );
  }
  __dirname = require('path').dirname(require('url').fileURLToPath(_scriptDir));
  if (!Module['wasmBinary'] && !Module['instantiateWasm']) {
    Module['instantiateWasm'] = function (imports, receiveInstance) {
      var f = wasmBinaryFile; // a file: URL, a locateFile() path, or a data: URI
      var bytes = /^data:/.test(f)
        ? Buffer.from(f.slice(f.indexOf(',') + 1), 'base64')
        : require('fs').readFileSync(/^file:/.test(f) ? new URL(f) : f);
      WebAssembly.instantiate(bytes, imports).then(function (r) {
        receiveInstance(r.instance, r.module);
      }, readyPromiseReject);
      return {};
    };
  }
}
