/**
 * The demo ledger's only source of chance: mulberry32 streams seeded by name,
 * so each concern draws from its own stream and changing one leaves the
 * others' rows as they were.
 */
export class Random {
  private state: number;

  constructor(name: string) {
    // FNV-1a of the name: a stable 32-bit seed.
    let hash = 0x811c9dc5;
    for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
    this.state = hash >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, bound). */
  below(bound: number): number {
    return Math.floor(this.next() * bound);
  }

  /** An integer in [low, high]. */
  int(low: number, high: number): number {
    return low + this.below(high - low + 1);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("Random.pick: nothing to pick from");
    return items[this.below(items.length)]!;
  }

  /** One of `entries`, each as likely as its weight. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let point = this.next() * total;
    for (const [value, weight] of entries) {
      point -= weight;
      if (point < 0) return value;
    }
    return entries.at(-1)![0];
  }

  /** A bigint in [low, high], even beyond 2^53. */
  bigint(low: bigint, high: bigint): bigint {
    const span = high - low + 1n;
    const draw = (BigInt(Math.floor(this.next() * 2 ** 32)) << 32n) | BigInt(Math.floor(this.next() * 2 ** 32));
    return low + (draw % span);
  }

  /** Spread evenly over orders of magnitude, as balances and amounts are. */
  logUniform(low: number, high: number): number {
    return Math.exp(Math.log(low) + this.next() * (Math.log(high) - Math.log(low)));
  }

  bytes(length: number): Buffer {
    const out = Buffer.alloc(length);
    for (let i = 0; i < length; i++) out[i] = this.below(256);
    return out;
  }

  /** The items in a random order (a new array). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** `count` distinct items of `items`, in their original order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const indexes = items.map((_, index) => index);
    for (let i = 0; i < Math.min(count, indexes.length); i++) {
      const j = i + this.below(indexes.length - i);
      [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
    }
    return indexes
      .slice(0, count)
      .sort((a, b) => a - b)
      .map((index) => items[index]!);
  }
}
