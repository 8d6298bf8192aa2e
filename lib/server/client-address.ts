/**
 * The client's address, for the limits kept per address (failed
 * authentication). Behind a load balancer every connection comes from the
 * balancer, and one address for all clients would let one client's failures
 * lock out everyone. TRUSTED_PROXIES (comma-separated addresses) names the
 * peers whose `X-Forwarded-For` is believed: the client is the nearest
 * address in that header that is not itself a trusted proxy. A header from
 * any other peer is ignored, since a client can write what it likes there.
 */
export function clientAddressOf(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trusted: ReadonlySet<string>): string {
  let address = normalize(socketAddress ?? "unknown");
  if (!trusted.has(address) || forwardedFor === undefined) return address;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((hop) => normalize(hop.trim()))
    .filter((hop) => hop !== "");
  while (trusted.has(address) && hops.length > 0) address = hops.pop()!;
  return address;
}

/** The addresses named by TRUSTED_PROXIES. */
export function trustedProxies(value: string | undefined = process.env.TRUSTED_PROXIES): ReadonlySet<string> {
  return new Set((value ?? "").split(",").map((entry) => normalize(entry.trim())).filter((entry) => entry !== ""));
}

/** An IPv4 client seen on a dual-stack socket arrives as `::ffff:a.b.c.d`. */
function normalize(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}
