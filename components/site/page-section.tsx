import type { ReactNode } from "react";

type Props = {
  /** The heading's id, which labels the section. */
  id: string;
  title: ReactNode;
  /** A note on the heading's line, to its right. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A section of a page under its h2 heading. */
export function PageSection({ id, title, aside, className = "space-y-3", children }: Props) {
  const heading = (
    <h2 id={id} className="text-lg font-semibold">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {aside === undefined ? (
        heading
      ) : (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          {heading}
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}
