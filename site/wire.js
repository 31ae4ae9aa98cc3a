/* Rusc — the wire format the page data is written in, read back: display forms relative to
 * their key, front coding, and the formats' numbers. The twin of pipeline/browser/wire.py,
 * which writes it; tests/test_wire_js.py checks every constant below against it and
 * decodes under Node what it encodes.
 *
 * Where to start reading: `decodeForms` (a key and its encoded forms -> the forms a player
 * sees), then `sharedCount` (a front-coded entry's shared prefix).
 * Exposed as window.RuscWire in a browser (loaded before the scripts that read page data)
 * and as module.exports under Node.
 */
(function (root) {
  "use strict";

  /** Versions of each kind of page data: a script refuses a number it does not know. */
  var PLAY_DATA_FORMAT = 2, SOLVER_INDEX_FORMAT = 3, WORDLE_DATA_FORMAT = 7;
  /** A count or position n is the one character chr(POSITION_BASE + n). */
  var POSITION_BASE = 0x30;
  /** Opens each edit of an encoded form; an encoded form that is its key; between forms. */
  var DIFF_MARK = "~", SAME = "=", FORM_SEPARATOR = "|";
  /** A rack tile's code is chr(TILE_CODE_BASE + its index in the tile set). */
  var TILE_CODE_BASE = 0x41;
  /** Wordle prior levels 0..63, one character each. */
  var LEVEL_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+/";

  /** One form from its edits of `key`: each is DIFF_MARK, the start and end of the replaced
   *  stretch of the key (in code points) and its replacement, which runs to the next mark.
   *  Either position may itself be the mark, so they are read by place, not searched for. */
  function decodeForm(key, item) {
    if (item === SAME) return key;
    var chars = Array.from(key), edit = Array.from(item);
    if (edit[0] !== DIFF_MARK) throw new Error("not an encoded form of " + key + ": " + item);
    var out = "", at = 0, cursor = 0;
    while (cursor < edit.length) {
      var start = edit[cursor + 1].codePointAt(0) - POSITION_BASE;
      var end = edit[cursor + 2].codePointAt(0) - POSITION_BASE;
      var textEnd = edit.indexOf(DIFF_MARK, cursor + 3);
      if (textEnd < 0) textEnd = edit.length;
      out += chars.slice(at, start).join("") + edit.slice(cursor + 3, textEnd).join("");
      at = end;
      cursor = textEnd;
    }
    return out + chars.slice(at).join("");
  }

  /** The display forms of `key` from pipeline.browser.wire.encode_forms: "" is [key]. */
  function decodeForms(key, encoded) {
    if (!encoded) return [key];
    return encoded.split(FORM_SEPARATOR).map(function (item) { return decodeForm(key, item); });
  }

  /** How many characters the front-coded entry starting at text[at] shares with the one before. */
  function sharedCount(text, at) {
    return text.charCodeAt(at || 0) - POSITION_BASE;
  }

  var api = {
    PLAY_DATA_FORMAT: PLAY_DATA_FORMAT, SOLVER_INDEX_FORMAT: SOLVER_INDEX_FORMAT,
    WORDLE_DATA_FORMAT: WORDLE_DATA_FORMAT, POSITION_BASE: POSITION_BASE, DIFF_MARK: DIFF_MARK,
    SAME: SAME, FORM_SEPARATOR: FORM_SEPARATOR, TILE_CODE_BASE: TILE_CODE_BASE, LEVEL_CHARS: LEVEL_CHARS,
    decodeForm: decodeForm, decodeForms: decodeForms, sharedCount: sharedCount,
  };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.RuscWire = api;
})(this);
