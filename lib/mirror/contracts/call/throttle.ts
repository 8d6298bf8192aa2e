import { tooManyRequests } from "./errors";

/** Upstream's `ThrottleProperties` that apply here, per instance. */
export type ThrottleSettings = {
  readonly requestsPerSecond: number;
  readonly gasPerSecond: number;
};

/** Gas is counted in units of 10,000 (upstream's `GAS_SCALE_FACTOR`), so the bucket holds small integers. */
const GAS_SCALE = 10_000n;

/** A token bucket refilled continuously at `rate` tokens per second, holding at most one second's worth. */
class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly now: () => number,
  ) {
    this.tokens = rate;
    this.last = now();
  }

  tryTake(count: number): boolean {
    this.refill();
    if (count > this.tokens) return false;
    this.tokens -= count;
    return true;
  }

  give(count: number): void {
    this.refill();
    this.tokens = Math.min(this.rate, this.tokens + count);
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.rate, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
  }
}

export type Throttle = {
  /** Takes a request token, then the call's full gas (429 when either is short). */
  readonly take: (gas: bigint) => void;
  /** Gives back the gas a call did not use, or all of it when the call did not run. */
  readonly restore: (gas: bigint) => void;
};

/** The request and gas buckets of `ThrottleManagerImpl`, with upstream's 429 details. */
export function createThrottle(settings: ThrottleSettings, now: () => number = () => performance.now()): Throttle {
  const requests = new TokenBucket(settings.requestsPerSecond, now);
  const gas = new TokenBucket(Number(BigInt(Math.floor(settings.gasPerSecond)) / GAS_SCALE), now);
  const scaled = (amount: bigint) => Number((amount + GAS_SCALE - 1n) / GAS_SCALE);
  return {
    take(amount) {
      if (!requests.tryTake(1)) throw tooManyRequests("Requests per second rate limit exceeded");
      if (!gas.tryTake(scaled(amount))) throw tooManyRequests("Gas per second rate limit exceeded.");
    },
    restore(amount) {
      if (amount > 0n) gas.give(Number(amount / GAS_SCALE));
    },
  };
}

/** A request bucket alone (upstream's opcode throttle): 429 when a second's worth has been taken. */
export function createRequestThrottle(requestsPerSecond: number, now: () => number = () => performance.now()): () => void {
  const requests = new TokenBucket(requestsPerSecond, now);
  return () => {
    if (!requests.tryTake(1)) throw tooManyRequests("Requests per second rate limit exceeded");
  };
}
