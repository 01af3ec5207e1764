// The bounded output of one shell (work/shells.ts): the most recent bytes of stdout and stderr in
// write order, and a count of what was dropped.
/** Output of a shell: each stream on its own, both interleaved, and what was lost to the cap. */
export interface ShellOutput {
  stdout: string;
  stderr: string;
  /** stdout and stderr in the order they were written. */
  combined: string;
  /** Bytes of this output that were dropped (the buffer keeps only the most recent ~1 MiB). */
  droppedBytes: number;
}

interface Chunk {
  stream: 'stdout' | 'stderr';
  text: string;
  /** UTF-8 length of `text`. */
  bytes: number;
  /** Offset of this chunk's first kept byte in everything written so far (decoded, as UTF-8). */
  start: number;
}

/** Keeps the most recent `cap` bytes of a shell's output, in write order, and counts the rest. */
export class OutputBuffer {
  private chunks: Chunk[] = [];
  private kept = 0;
  /** Bytes written so far, kept and dropped. */
  private total = 0;
  /** Bytes dropped from the front. */
  dropped = 0;
  private readonly decoders = {
    stdout: new TextDecoder('utf-8', { fatal: false }),
    stderr: new TextDecoder('utf-8', { fatal: false }),
  };

  constructor(private readonly cap: number) {}

  push(stream: 'stdout' | 'stderr', data: Buffer): void {
    // Streaming decode: a character split across chunks is kept whole (non-UTF-8 becomes U+FFFD).
    this.add(stream, this.decoders[stream].decode(data, { stream: true }));
  }

  /** Flushes a partial character left at the end of a stream. */
  end(): void {
    for (const stream of ['stdout', 'stderr'] as const) this.add(stream, this.decoders[stream].decode());
  }

  private add(stream: 'stdout' | 'stderr', text: string): void {
    if (!text) return;
    const bytes = Buffer.byteLength(text);
    this.chunks.push({ stream, text, bytes, start: this.total });
    this.total += bytes;
    this.kept += bytes;
    this.trim();
  }

  private trim(): void {
    let excess = this.kept - this.cap;
    while (excess > 0) {
      const first = this.chunks[0];
      if (!first) break;
      if (first.bytes <= excess) {
        this.chunks.shift();
        this.kept -= first.bytes;
        this.dropped += first.bytes;
        excess -= first.bytes;
        continue;
      }
      const raw = Buffer.from(first.text);
      let cut = excess;
      while (cut < raw.length && ((raw[cut] ?? 0) & 0xc0) === 0x80) cut++; // not inside a character
      first.text = raw.subarray(cut).toString('utf8');
      first.bytes = raw.length - cut;
      first.start += cut;
      this.kept -= cut;
      this.dropped += cut;
      excess = 0;
    }
  }

  /** Kept output written at or after `offset`, and the offset to read from next time. */
  since(offset: number): ShellOutput & { next: number } {
    const parts = this.chunks.filter((c) => c.start >= offset);
    const firstKept = parts[0]?.start ?? this.total;
    return {
      stdout: parts
        .filter((c) => c.stream === 'stdout')
        .map((c) => c.text)
        .join(''),
      stderr: parts
        .filter((c) => c.stream === 'stderr')
        .map((c) => c.text)
        .join(''),
      combined: parts.map((c) => c.text).join(''),
      droppedBytes: Math.max(0, firstKept - offset),
      next: this.total,
    };
  }
}

// ----- one shell -------------------------------------------------------------------------------
