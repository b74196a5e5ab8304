// What the module's object reader calls back for when a value has the wrong type (js_objects.cpp),
// so that the module on its own refuses `dim: 'x'` with a TypeError naming `dim`. The library
// (web/lib/posenc.js, installReaderHelpers) replaces both with its fuller wording and its checks of
// nested position lists; these keep the same "<name> must be <requirement>, got <value>" form.
// Named functions, so that the glue's minifier shortens their local names.
function posencDefaultTypeError(name, requirement, value) {
  var got =
    typeof value == 'string'
      ? JSON.stringify(value)
      : Array.isArray(value)
        ? 'an Array'
        : value && typeof value == 'object'
          ? 'an object'
          : String(value);
  return new TypeError(name + ' must be ' + requirement + ', got ' + got);
}

// A flat list of numbers as the Float64Array the reader takes; an Error (returned, never thrown
// through wasm frames) for anything else.
function posencDefaultNumbers(value, name) {
  if (!Array.isArray(value) && !(ArrayBuffer.isView(value) && value.length >= 0)) {
    return posencDefaultTypeError(name, 'an array of numbers', value);
  }
  for (var i = 0; i < value.length; i++) {
    if (typeof value[i] != 'number') return posencDefaultTypeError(name + '[' + i + ']', 'a number', value[i]);
  }
  return Float64Array.from(value);
}

Module['posencTypeError'] = posencDefaultTypeError;
Module['posencNumbers'] = posencDefaultNumbers;
