import { redirect } from "next/navigation";
import { SignedIn } from "@/components/admin/signed-in";
import { readAdminKey } from "@/lib/pages/admin-auth";

export const dynamic = "force-dynamic";

export default async function AdminHome() {
  if (await readAdminKey()) redirect("/admin/components");
  return <SignedIn>{null}</SignedIn>;
}
