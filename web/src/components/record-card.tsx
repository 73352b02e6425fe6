/**
 * A card for one record of a list (a request, an opportunity, a quotation): its title and number
 * as the heading, the badges beside them, then the card's body. `level` keeps the heading in the
 * page's outline (h3 in a section, h4 under a column's h3).
 */
import type { ReactNode } from "react";

export function RecordCard(
  {
    id,
    title,
    number,
    badges,
    as: Tag = "article",
    level: Heading = "h3",
    titleSize = "text-base",
    bodyClassName,
    children,
  }: {
    id: string;
    title: ReactNode;
    number: string;
    badges?: ReactNode;
    as?: "article" | "section";
    level?: "h3" | "h4";
    titleSize?: string;
    bodyClassName: string;
    children: ReactNode;
  },
) {
  return (
    <Tag aria-labelledby={id} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className={bodyClassName}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <Heading id={id} className={`card-title ${titleSize} break-words`} dir="auto">{title}</Heading>
            <p className="font-mono text-sm text-base-content/70" dir="ltr">{number}</p>
          </div>
          {badges}
        </div>
        {children}
      </div>
    </Tag>
  );
}
