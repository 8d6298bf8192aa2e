import { getDatabase } from "@/lib/db";

// The page name lives in the database, so render per request.
export const dynamic = "force-dynamic";

export default async function HomePage() {
  const { prisma } = await getDatabase();
  const page = await prisma.page.findFirst({ select: { name: true }, orderBy: { id: "asc" } });
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">{page?.name ?? "Network Status"}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-400">The status dashboard is being built.</p>
    </main>
  );
}
