/**
 * Spec 001 §9: drag and drop fires twice in some browsers (the page and a nested drop zone, or a repeated drop event).
 * A drop within 500 ms of the previous one is ignored, and a batch with the same files as one seen in the last 5 s is
 * a duplicate too, so the same files are never queued twice.
 */
export const DROP_GUARD_MS = 500;
export const DUPLICATE_BATCH_MEMORY_MS = 5_000;

export interface DroppedFile {
  name: string;
  size: number;
  lastModified: number;
}

const batchKey = (files: readonly DroppedFile[]) =>
  files
    .map((file) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`)
    .sort()
    .join('\u0001');

export class DropGuard {
  private lastDropAt = Number.NEGATIVE_INFINITY;
  private readonly recentBatches = new Map<string, number>();

  /** True when this drop should be queued; remembers it either way so a burst of repeats stays ignored. */
  accept(files: readonly DroppedFile[], now: number): boolean {
    for (const [key, at] of this.recentBatches) if (now - at >= DUPLICATE_BATCH_MEMORY_MS) this.recentBatches.delete(key);
    const tooSoon = now - this.lastDropAt < DROP_GUARD_MS;
    this.lastDropAt = now;
    if (tooSoon || files.length === 0) return false;
    const key = batchKey(files);
    if (this.recentBatches.has(key)) return false;
    this.recentBatches.set(key, now);
    return true;
  }
}
