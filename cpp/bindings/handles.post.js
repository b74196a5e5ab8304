// The module's two kinds of objects that own wasm memory, a WasmBuffer's floats (createBuffer) and
// a prepared rope() (createRopePlan), as small JavaScript handles over plain exports and the byte
// address C++ returns: Embind's class machinery, for these two, was a fifth of the glue.
// A handle frees its memory on delete() (once: after it, every method throws), or when the garbage
// collector finds it forgotten (FinalizationRegistry, where the engine has one).
var posencFinalizer =
  typeof FinalizationRegistry == 'function'
    ? new FinalizationRegistry(function (free) {
        free();
      })
    : null;

// The Embind functions these handles are made with: taken off the module once Embind has registered
// them (the constructors run first), so that the module shows only what the library calls.
var posencRaw = {};
addOnInit(function () {
  ['allocateBuffer', 'ropeBufferAt', 'newRopePlan', 'ropePlanError'].forEach(function (name) {
    posencRaw[name] = Module[name];
    delete Module[name];
  });
});

// methods: name -> function of the address (address() is every handle's); free(address) returns
// the memory.
function posencHandle(kind, address, free, methods) {
  var live = true,
    handle = {};
  methods.address = function (at) {
    return at;
  };
  // The registry's value must not reach the handle, or the handle would never be collected.
  var release = function () {
    free(address);
  };
  Object.keys(methods).forEach(function (name) {
    handle[name] = function (n) {
      if (!live) throw new TypeError('posenc: ' + name + '() called on a deleted ' + kind);
      return methods[name](address, n);
    };
  });
  handle.isDeleted = function () {
    return !live;
  };
  handle.delete = function () {
    if (!live) throw new TypeError('posenc: a ' + kind + ' deleted twice');
    live = false;
    if (posencFinalizer) posencFinalizer.unregister(handle);
    release();
  };
  if (posencFinalizer) posencFinalizer.register(handle, release, handle);
  return handle;
}

// A scratch address of 0 means the space did not fit in wasm memory.
function posencScratch(address) {
  if (!address) throw new RangeError('out of memory: the request does not fit in the wasm heap (at most 2 GiB)');
  return address;
}

Module['createBuffer'] = function (length) {
  var address = posencRaw.allocateBuffer(length);
  if (typeof address != 'number') return address; // the Error
  return posencHandle('Buffer', address, _posenc_buffer_free, {
    length: function () {
      return length;
    },
    view: function (at) {
      return HEAPF32.subarray(at >>> 2, (at >>> 2) + length);
    },
  });
};

Module['ropeBuffer'] = function (buffer, o) {
  return posencRaw.ropeBufferAt(buffer.address(), buffer.length(), o);
};

Module['createRopePlan'] = function (o) {
  var address = posencRaw.newRopePlan(o);
  if (typeof address != 'number') return address; // the Error
  return posencHandle('RopePlan', address, _posenc_plan_free, {
    floats: function (at, n) {
      return posencScratch(_posenc_plan_floats(at, n));
    },
    positions: function (at, n) {
      return posencScratch(_posenc_plan_positions(at, n));
    },
    error: function (at) {
      return posencRaw.ropePlanError(at);
    },
  });
};
