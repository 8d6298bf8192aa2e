import { describe, expect, it } from "vitest";
import { renderBadge } from "./badge";

describe("renderBadge", () => {
  it("is an accessible SVG whose text is escaped", () => {
    const svg = renderBadge("Mainnet / <Relay>", "major outage", "critical");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('role="img"');
    expect(svg).toContain("<title>Mainnet / &#60;Relay&#62;: major outage</title>");
    expect(svg).not.toContain("<Relay>");
    expect(svg).toContain('fill="#cf222e"');
  });

  it("grows with its text", () => {
    const width = (svg: string) => Number(/width="(\d+)"/.exec(svg)?.[1]);
    expect(width(renderBadge("status", "all systems operational", "ok"))).toBeGreaterThan(width(renderBadge("status", "ok", "ok")));
  });
});
