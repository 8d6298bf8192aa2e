import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/site/not-found-message";

export const metadata: Metadata = { title: "Page not found" };

/** A missing incident, maintenance or history page: inside the public layout, which already frames it. */
export default function PublicNotFound() {
  return <NotFoundMessage />;
}
