import { getDatabase } from "@/lib/db";
import type { Subscriber } from "@/lib/db/generated/client";
import { readSummary } from "./public-document";
import type { WireComponent } from "./summary";

export type ChoiceComponent = { id: string; name: string };
/** What a visitor may follow: groups (each standing for all its members) and the components outside any group, in page order. */
export type ComponentChoices = { groups: (ChoiceComponent & { members: ChoiceComponent[] })[]; ungrouped: ChoiceComponent[] };

/** Every component may be followed, those the page shows only while degraded too. */
export function componentChoices(components: readonly WireComponent[]): ComponentChoices {
  const byId = new Map(components.map((component) => [component.id, component]));
  const top = components.filter((component) => component.group_id === null).sort((a, b) => a.position - b.position);
  return {
    groups: top
      .filter((entry) => entry.group)
      .map((group) => ({
        id: group.id,
        name: group.name,
        members: (group.components ?? []).flatMap((id) => {
          const member = byId.get(id);
          return member ? [{ id: member.id, name: member.name }] : [];
        }),
      }))
      .filter((group) => group.members.length > 0),
    ungrouped: top.filter((entry) => !entry.group).map(({ id, name }) => ({ id, name })),
  };
}

export async function loadComponentChoices(): Promise<ComponentChoices> {
  const summary = await readSummary();
  return summary ? componentChoices(summary.components) : { groups: [], ungrouped: [] };
}

/** A subscription as its own pages show it: never its address, which a forwarded link must not reveal. */
export type SubscriptionView = {
  manageToken: string;
  /** For the server's own use (the manage page's confirm button): never rendered. */
  confirmToken: string;
  mode: "email" | "webhook";
  state: "unconfirmed" | "active" | "unsubscribed";
  componentIds: string[];
  /** Webhooks: the key their signatures are made with, for the token's holder to verify them. */
  webhookSecret: string | null;
};

function view(row: Subscriber): SubscriptionView {
  return {
    manageToken: row.manageToken,
    confirmToken: row.confirmToken,
    mode: row.mode === "webhook" ? "webhook" : "email",
    state: row.unsubscribedAt !== null ? "unsubscribed" : row.confirmedAt !== null ? "active" : "unconfirmed",
    componentIds: row.componentIds,
    webhookSecret: row.webhookSecret,
  };
}

/** The subscription of a manage token (the manage and unsubscribe links), or of a confirmation token; null for an unknown token. */
export async function loadSubscription(token: { manage: string } | { confirm: string }): Promise<SubscriptionView | null> {
  const { prisma } = await getDatabase();
  const row = await prisma.subscriber.findUnique({ where: "manage" in token ? { manageToken: token.manage } : { confirmToken: token.confirm } });
  return row ? view(row) : null;
}
