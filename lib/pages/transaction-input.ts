/**
 * Reading pasted transaction bytes. Whitespace anywhere is ignored and a
 * leading `0x` means hex; otherwise text made only of hex digits (even
 * count) is hex, and anything else must be base64 (standard or URL-safe,
 * padding optional). Real transactions in base64 are never all hex digits,
 * so the rule is unambiguous in practice; the reader says which it used.
 */
export type PastedBytes =
  | { ok: true; bytes: Uint8Array; encoding: "hex" | "base64" }
  | { ok: false; reason: string };

const HEX = /^[0-9a-fA-F]*$/;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

export function readPastedBytes(text: string): PastedBytes {
  const compact = text.replace(/\s+/g, "");
  if (compact === "") return { ok: false, reason: "Paste the transaction bytes as hex or base64." };
  const prefixed = /^0x/i.test(compact);
  const digits = prefixed ? compact.slice(2) : compact;
  if (prefixed || HEX.test(digits)) {
    if (!HEX.test(digits)) return { ok: false, reason: `Not hex: "${firstOffending(digits, /[0-9a-fA-F]/)}" is not a hex digit.` };
    if (digits.length % 2 !== 0) return { ok: false, reason: `Hex needs an even number of digits; this has ${digits.length}.` };
    if (digits.length === 0) return { ok: false, reason: "Only a 0x prefix: paste the bytes after it." };
    return { ok: true, bytes: hexToBytes(digits), encoding: "hex" };
  }
  if (!BASE64.test(compact) || compact.replace(/=+$/, "").length % 4 === 1) {
    return { ok: false, reason: "Neither hex nor base64: check that the whole value was copied." };
  }
  return { ok: true, bytes: base64ToBytes(compact), encoding: "base64" };
}

function firstOffending(text: string, allowed: RegExp): string {
  return [...text].find((char) => !allowed.test(char)) ?? "";
}

export function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function base64ToBytes(text: string): Uint8Array {
  const standard = text.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  const padded = standard + "=".repeat((4 - (standard.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** What the fee page says when a chosen file is refused: what the file should hold, and what this one seems to hold. */
export function describeRefusedFile(bytes: Uint8Array): string {
  const expected =
    "A file must hold the raw binary bytes of one protobuf Transaction (signed, or bodyBytes + sigMap), or of an SDK TransactionList (what transaction.toBytes() gives)";
  if (bytes.length === 0) return `${expected}; this file is empty.`;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096));
  const printable = [...text].every((char) => char === "\n" || char === "\r" || char === "\t" || (char >= " " && char !== "\uFFFD"));
  if (printable) {
    const read = readPastedBytes(new TextDecoder().decode(bytes));
    if (read.ok) return `${expected}. This file holds ${read.encoding} text instead: paste its contents into the box below.`;
    if (/^\s*[{[]/.test(text)) return `${expected}. This file holds JSON text, not transaction bytes.`;
    return `${expected}. This file holds text, not transaction bytes.`;
  }
  return `${expected}; these ${bytes.length.toLocaleString("en-US")} bytes do not decode as either.`;
}
