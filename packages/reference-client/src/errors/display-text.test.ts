import { describe, expect, test } from 'vitest';
import { displayText } from './display-text.js';

describe('displayText', () => {
  test('shows control, separator and bidi characters as escapes', () => {
    expect(displayText('a\u001b[31mb\nc\u0000d\re\tf\u007f\u009b\u2028\u202e\ufeff')).toBe(
      'a\\u001b[31mb\\nc\\u0000d\\re\\tf\\u007f\\u009b\\u2028\\u202e\\ufeff',
    );
  });

  test('leaves printable text, emoji and other scripts alone', () => {
    const text = 'search_docs — 検索 🔎 “quoted” C:\\path';
    expect(displayText(text)).toBe(text);
  });

  test('escapes lone surrogates but keeps pairs', () => {
    expect(displayText('a\ud83d')).toBe('a\\ud83d');
    expect(displayText('\ude00b')).toBe('\\ude00b');
    expect(displayText('😀')).toBe('😀');
  });

  test('cuts long text, never inside an escape or a surrogate pair, and says how much is left out', () => {
    expect(displayText('x'.repeat(10_240), 200)).toBe(`${'x'.repeat(200)}… (10040 more characters)`);
    // 198 characters, then an escape of 6 that does not fit in 200: cut before it.
    expect(displayText(`${'y'.repeat(198)}\u001bzz`, 200)).toBe(`${'y'.repeat(198)}… (3 more characters)`);
    expect(displayText(`${'y'.repeat(199)}😀`, 200)).toBe(`${'y'.repeat(199)}… (2 more characters)`);
  });
});
