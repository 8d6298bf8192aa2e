"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { REFRESH_MS } from "@/lib/pages/refresh";

/**
 * Keeps a server-rendered page current: re-renders it on the server every
 * 30 s while the tab is visible (React keeps focus and scroll in place).
 */
export function AutoRefresh() {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [router]);
  return null;
}
