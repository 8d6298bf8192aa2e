/** "Now", injected: domain code never reads the system clock itself, so tests and the seed control time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
