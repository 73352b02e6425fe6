/** A card that is a section of its page, named by its heading (`id` ties the two). */
import type { ReactNode } from "react";

export function TitledCard({ id, title, bodyClassName = "card-body", children }: {
  id: string;
  title: ReactNode;
  /** The body's classes ("card-body" with a gap, say). */
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card bg-base-100 shadow-sm">
      <div className={bodyClassName}>
        <h3 id={id} className="card-title text-lg">{title}</h3>
        {children}
      </div>
    </section>
  );
}
