// The floor's streaming parser: the research's "byte splitter" (research/limits.md, ~310k records/s):
// one pass over the bytes tracking strings and depth, then a single JSON.parse of the chunk's
// complete top-level elements. Trusted input, top-level array of objects only: a baseline, not a
// parser for the app.
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export class RawArraySplitter {
  private carry: Buffer = Buffer.alloc(0);
  private depth = 0; // 1 = inside the top-level array
  private inString = false;
  private escaped = false;

  /** Feeds a chunk; returns the complete records it finished. */
  push(chunk: Buffer): unknown[] {
    const buf = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    const scanFrom = this.carry.length;
    let lastEnd = -1; // index after the last complete element
    let firstStart = -1;
    let depth = this.depth;
    let inString = this.inString;
    let escaped = this.escaped;
    for (let i = scanFrom; i < buf.length; i++) {
      const b = buf[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) inString = false;
      } else if (b === QUOTE) inString = true;
      else if (b === 0x7b || b === 0x5b) {
        if (depth === 1 && firstStart < 0) firstStart = i;
        depth++;
      } else if (b === 0x7d || b === 0x5d) {
        depth--;
        if (depth === 1) lastEnd = i + 1;
      }
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    const start = this.carry.length ? 0 : firstStart;
    if (lastEnd < 0 || start < 0) {
      this.carry = start < 0 ? Buffer.alloc(0) : buf.subarray(start);
      return [];
    }
    this.carry = Buffer.from(buf.subarray(lastEnd));
    const text = buf.toString('utf8', start, lastEnd).replace(/^[\s,]+/, '');
    return JSON.parse(`[${text}]`) as unknown[];
  }
}
