// The reader of an options object's fields (js::reader in js_objects.hpp), in JavaScript beside the
// module's own glue: one call writes every field into the binding's slots, where reaching each field
// through an Embind crossing of its own cost more than a small rotation. It is part of the module,
// so the bare module reads options without the library.
#include <emscripten/emscripten.h>

#include "js_objects.hpp"

// EM_JS turns its body into a string as written; through this macro the body's macros are expanded
// first, so the JavaScript below writes the slot kinds as js::slot_kind numbers them.
#define POSENC_EM_JS_EXPANDED(...) EM_JS(__VA_ARGS__)

// Field i's value (the first of its keys not absent) into slots[i], 16 bytes each: a number, or a
// string's start in the text block; the kind (POSENC_SLOT_*, js_objects.hpp); a string's length. A
// short ASCII string goes to the text block, any other value to the array returned (as a handle;
// undefined when there is none), and so does the error of a getter that throws, which ends the
// reading: nothing is thrown into the wasm frames.
POSENC_EM_JS_EXPANDED(emscripten::EM_VAL, posenc_read_fields,
                      (emscripten::EM_VAL object_handle, emscripten::EM_VAL fields_handle, void* at, char* text,
                       int text_bytes, int null_is_absent), {
  var o = Emval.toValue(object_handle), fields = Emval.toValue(fields_handle);
  var others = undefined, used = 0;
  for (var i = 0; i < fields.length; i++) {
    var keys = fields[i], slot = (at >> 2) + 4 * i, value = undefined;
    try {
      for (var k = 0; k < keys.length; k++) {
        value = o[keys[k]];
        if (value !== undefined && !(value === null && null_is_absent)) break;
      }
    } catch (error) {
      HEAP32[slot + 2] = POSENC_SLOT_THROWN;
      others = others || [];
      others[i] = error;
      return Emval.toHandle(others);
    }
    var kind = POSENC_SLOT_OTHER;
    if (value === undefined || (value === null && null_is_absent)) kind = POSENC_SLOT_ABSENT;
    else if (typeof value === 'number') {
      kind = POSENC_SLOT_NUMBER;
      HEAPF64[slot >> 1] = value;
    } else if (value === false) kind = POSENC_SLOT_FALSE;
    else if (value === true) kind = POSENC_SLOT_TRUE;
    else if (value === null) kind = POSENC_SLOT_NULL;
    else if (typeof value === 'string' && value.length <= text_bytes - used) {
      var ascii = true;
      for (var c = 0; c < value.length && ascii; c++) {
        var code = value.charCodeAt(c);
        if (code > 127) ascii = false;
        else HEAPU8[text + used + c] = code;
      }
      if (ascii) {
        kind = POSENC_SLOT_TEXT;
        HEAPF64[slot >> 1] = used;
        HEAP32[slot + 3] = value.length;
        used += value.length;
      }
    }
    if (kind === POSENC_SLOT_OTHER) {
      others = others || [];
      others[i] = value;
    }
    HEAP32[slot + 2] = kind;
  }
  return Emval.toHandle(others);
});
