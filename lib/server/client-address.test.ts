import { expect, it } from "vitest";
import { clientAddressOf, trustedProxies } from "./client-address";

const proxies = trustedProxies("10.0.0.5, ::1");

it("is the socket's address when the peer is not a trusted proxy, whatever it forwards", () => {
  expect(clientAddressOf("198.51.100.7", "203.0.113.9", proxies)).toBe("198.51.100.7");
  expect(clientAddressOf("198.51.100.7", undefined, trustedProxies(undefined))).toBe("198.51.100.7");
});

it("is the nearest forwarded address that is not a trusted proxy, behind trusted proxies", () => {
  expect(clientAddressOf("10.0.0.5", "203.0.113.9", proxies)).toBe("203.0.113.9");
  // A client-written first hop is not believed: the trusted proxy appended the real peer last.
  expect(clientAddressOf("10.0.0.5", "1.2.3.4, 203.0.113.9", proxies)).toBe("203.0.113.9");
  expect(clientAddressOf("::1", ["203.0.113.9, 10.0.0.5"], proxies)).toBe("203.0.113.9");
});

it("reads IPv4 peers on a dual-stack socket as IPv4", () => {
  expect(clientAddressOf("::ffff:10.0.0.5", "203.0.113.9", proxies)).toBe("203.0.113.9");
  expect(clientAddressOf("::ffff:198.51.100.7", undefined, proxies)).toBe("198.51.100.7");
});

it("stays the proxy's address when the proxy forwarded nothing", () => {
  expect(clientAddressOf("10.0.0.5", undefined, proxies)).toBe("10.0.0.5");
  expect(clientAddressOf("10.0.0.5", " , ", proxies)).toBe("10.0.0.5");
});
