/**
 * A dashboard section that also exists as a page of its own: its title and description, a link to
 * that page (to bookmark or share it), then the section's content.
 */
import type { ReactNode } from "react";
import { Link } from "wouter";

export function PageSection({ title, description, href, linkLabel, children }: {
  title: string;
  description: string;
  href: string;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold">{title}</h2>
          <p className="text-base-content/70">{description}</p>
        </div>
        <Link href={href} className="btn btn-outline btn-sm">{linkLabel}</Link>
      </div>
      {children}
    </div>
  );
}
