import { randomInt } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A Statuspage-style id: 12 lowercase base-36 characters (statuspage-api.md §2). */
export function newId(random: (bound: number) => number = randomInt): string {
  let id = "";
  for (let i = 0; i < 12; i++) id += ALPHABET[random(ALPHABET.length)];
  return id;
}
