import { CELL_END_MARK, cellEndMark } from './client-process-protocol.js';

/** The character that closes a mark's id (a newline follows it). */
const MARK_END = '\u001e';
/** Matches a cell's end mark (see {@link cellEndMark}). */
const END_MARK = new RegExp(`${CELL_END_MARK}(\\d+)\u001e\\n`);
/** Every end mark in a text. */
const END_MARKS = new RegExp(`${CELL_END_MARK}\\d+\u001e\\n?`, 'g');
/** The longest an end mark can be, characters. */
const END_MARK_MAX = cellEndMark(Number.MAX_SAFE_INTEGER).length;

/** A piece of a client process's stderr: text, and the cell whose end mark followed it, if one did. */
export interface StderrPiece {
  text: string;
  /** The id of the cell whose end mark came right after `text`. */
  endOf?: number;
}

/** `text` without the end marks in it (for error messages quoting the process's output). */
export function withoutEndMarks(text: string): string {
  return text.replace(END_MARKS, '');
}

/** Where an end mark that `text` ends in the middle of starts (`text.length` when it ends in none). */
function partialMarkStart(text: string): number {
  // The earliest candidate: a mark's own terminator looks like the start of another.
  for (let i = Math.max(0, text.length - END_MARK_MAX); i < text.length; i++) {
    if (text[i] !== CELL_END_MARK[0]) continue;
    const tail = text.slice(i);
    if (CELL_END_MARK.startsWith(tail)) return i;
    if (!tail.startsWith(CELL_END_MARK)) continue;
    const id = tail.slice(CELL_END_MARK.length);
    if (/^\d*$/.test(id.endsWith(MARK_END) ? id.slice(0, -1) : id)) return i;
  }
  return text.length;
}

/**
 * Splits a client process's stderr, chunk by chunk as the pipe delivers it, at the end marks the
 * process writes after each cell: text comes out as soon as it cannot be the start of a mark, and a
 * mark split across chunks is still found.
 */
export class CellStderrSplitter {
  private pending = '';

  /** The pieces `chunk` completes, in order. */
  push(chunk: string): StderrPiece[] {
    this.pending += chunk;
    const pieces: StderrPiece[] = [];
    for (;;) {
      const match = END_MARK.exec(this.pending);
      if (!match) break;
      pieces.push({ text: this.pending.slice(0, match.index), endOf: Number(match[1]) });
      this.pending = this.pending.slice(match.index + match[0].length);
    }
    const from = partialMarkStart(this.pending);
    if (from > 0) pieces.push({ text: this.pending.slice(0, from) });
    this.pending = this.pending.slice(from);
    return pieces;
  }

  /** What is held back as a possible mark's start (the stream ended, or a cell is given up on). */
  flush(): string {
    const text = this.pending;
    this.pending = '';
    return text;
  }
}
