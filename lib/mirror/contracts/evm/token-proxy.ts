/**
 * HIP-719: every HTS token answers at its address with this proxy, which
 * DELEGATECALLs `0x167` with `redirectForToken(address,bytes)`; the token's
 * address sits between the two halves.
 */
const PROXY_HEAD = "6080604052348015600f57600080fd5b506000610167905077618dc65e";
const PROXY_TAIL =
  "600052366000602037600080366018016008845af43d806000803e8160008114605857816000f35b816000fdfea2646970667358221220d8378feed472ba49a0005514ef7087017f707b45fb9bf56bb81bb93ff19a238b64736f6c634300080b0033";

export function tokenProxyBytecode(tokenAddress: Uint8Array): Uint8Array {
  return Uint8Array.from(Buffer.from(`${PROXY_HEAD}${Buffer.from(tokenAddress).toString("hex")}${PROXY_TAIL}`, "hex"));
}
