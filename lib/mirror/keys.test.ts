import { describe, expect, it } from "vitest";
import { formatKey } from "./keys";

const hex = (text: string) => Uint8Array.from(Buffer.from(text, "hex"));
const ED = "49cddef8b8e974b8c8862cb48bf80ffcb565b0edad096f78ba8a9ca39c43f7bc";
const ECDSA = "b5b1ce6a41a2c3c147ea7c183cbabca97c519cc257ac02b673043b0482fcabd0c4";

describe("formatKey", () => {
  it("shows primitive keys as themselves (network/nodes/file-101-args.json)", () => {
    expect(formatKey(hex(`1220${ED}`))).toEqual({ _type: "ED25519", key: ED });
    expect(formatKey(hex(`3a21${ECDSA}`))).toEqual({ _type: "ECDSA_SECP256K1", key: ECDSA });
  });

  it("unwraps a one-key list and a 1-of-1 threshold key", () => {
    expect(formatKey(hex(`32240a221220${ED}`))).toEqual({ _type: "ED25519", key: ED });
    expect(formatKey(hex(`2a28080112240a221220${ED}`))).toEqual({ _type: "ED25519", key: ED });
    expect(formatKey(hex(`32250a233a21${ECDSA}`))).toEqual({ _type: "ECDSA_SECP256K1", key: ECDSA });
    expect(formatKey(hex(`2a29080112250a233a21${ECDSA}`))).toEqual({ _type: "ECDSA_SECP256K1", key: ECDSA });
  });

  it("keeps anything else as protobuf hex (network/nodes/node-range.json)", () => {
    const list =
      "324a0a233a210344e18efe4e069846adb25b98ec1c4cef088503807245916bcd51876fe28fc69a0a233a210277167b71f33743f8b626ab0162f90f791f84d6e40a8d395c8a5f29d322d61d13";
    expect(formatKey(hex(list))).toEqual({ _type: "ProtobufEncoded", key: list });
  });

  it("renders no key and an empty key list as null", () => {
    expect(formatKey(null)).toBeNull();
    expect(formatKey(hex("3200"))).toBeNull();
  });
});
