import { describe, expect, it } from "vitest";
import type { WireComponent } from "./summary";
import { componentTree, qualifiedNames } from "./summary";

const component = (fields: Partial<WireComponent> & Pick<WireComponent, "id" | "name" | "position">): WireComponent => ({
  status: "operational",
  created_at: "",
  updated_at: "",
  description: null,
  showcase: true,
  start_date: null,
  group_id: null,
  page_id: "p",
  group: false,
  only_show_if_degraded: false,
  ...fields,
});

// Wire order interleaves containers by position, as Statuspage does.
const components = [
  component({ id: "mainnet", name: "Mainnet", position: 1, group: true, components: ["m-consensus", "m-mirror"] }),
  component({ id: "m-mirror", name: "Mirror", position: 2, group_id: "mainnet" }),
  component({ id: "m-consensus", name: "Consensus", position: 1, group_id: "mainnet" }),
  component({ id: "website", name: "Website", position: 2 }),
  component({ id: "hidden", name: "Beta", position: 3, only_show_if_degraded: true }),
  component({ id: "empty", name: "Empty group", position: 4, group: true, components: [] }),
];

describe("componentTree", () => {
  it("lists top-level entries by position with each group's members in the group's order", () => {
    expect(componentTree(components).map(({ entry, members }) => [entry.id, members.map((member) => member.id)])).toEqual([
      ["mainnet", ["m-consensus", "m-mirror"]],
      ["website", []],
    ]);
  });

  it("shows an only-if-degraded component once it is degraded", () => {
    const degraded = components.map((entry) => (entry.id === "hidden" ? { ...entry, status: "degraded_performance" as const } : entry));
    expect(componentTree(degraded).map(({ entry }) => entry.id)).toContain("hidden");
  });
});

describe("qualifiedNames", () => {
  it("prefixes members with their group", () => {
    const names = qualifiedNames(components);
    expect(names.get("m-mirror")).toBe("Mainnet / Mirror");
    expect(names.get("website")).toBe("Website");
  });
});
