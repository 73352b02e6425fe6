/**
 * The extracted lines: each cell tinted by how sure the reader was, each row badged by its arithmetic
 * check, each line mapped to a request item. In edit mode the cells are inputs and lines can be
 * removed; a changed quantity, price or discount recomputes the line total (review-model.ts).
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fromCents, toCents } from "../../../../../src/shared/money.ts";
import { formatMoney, formatNumber } from "../../../lib/format.ts";
import { isolate } from "../../../lib/i18n.ts";
import { type Cell, confidenceLevel, lineCents, type RequestItem, type ReviewLine } from "../review-model.ts";
import { CheckBadge, ConfidenceCue, LEVEL_CELL } from "./confidence.tsx";
import { ActionButton } from "../../../components/action-button.tsx";

export type RequestItemOption = RequestItem & { unit: string };

type Props = {
  lines: ReviewLine[];
  items: RequestItemOption[];
  editing: boolean;
  selected: string | null;
  flagged: Set<string>;
  onSelect: (key: string) => void;
  onEdit: (key: string, cell: keyof ReviewLine, value: string) => void;
  onMap: (key: string, itemId: number | null) => void;
  onRemove: (key: string) => void;
};

type FieldCell = Cell | "unit" | "discountPercent" | "code";

function Field({ line, cell, label, editing, onEdit, numeric, className = "" }: {
  line: ReviewLine;
  cell: FieldCell;
  label: string;
  editing: boolean;
  onEdit: Props["onEdit"];
  numeric?: boolean;
  className?: string;
}) {
  const { i18n } = useTranslation("ocr");
  const value = line[cell];
  if (editing) {
    return (
      <input
        type="text"
        inputMode={numeric ? "decimal" : undefined}
        dir={numeric ? "ltr" : "auto"}
        className={`input input-sm w-full ${numeric ? "text-end" : ""} ${className}`}
        aria-label={label}
        value={value}
        maxLength={numeric ? 20 : 500}
        onChange={(event) => onEdit(line.key, cell, event.target.value)}
      />
    );
  }
  if (cell === "unitPrice" || cell === "totalPrice") {
    const cents = toCents(value.replace(",", "."));
    return <span dir="ltr">{cents === null ? value || "-" : formatMoney(fromCents(cents), i18n.language)}</span>;
  }
  return <span dir={numeric ? "ltr" : "auto"} className="break-words">{value || "-"}</span>;
}

/** A cell tinted and marked by the reader's confidence in it. */
function Scored({ line, cell, children, className = "" }: {
  line: ReviewLine;
  cell: Cell;
  children: ReactNode;
  className?: string;
}) {
  const confidence = line.cellConfidence[cell];
  const edited = line.edited.includes(cell);
  return (
    <td
      className={`${edited ? "border-s-4 border-base-300" : LEVEL_CELL[confidenceLevel(confidence)]} ${className}`}
      data-confidence={edited ? "edited" : confidenceLevel(confidence)}
      data-cell={cell}
    >
      <div className="flex items-center gap-1">
        <ConfidenceCue confidence={confidence} edited={edited} />
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </td>
  );
}

export function ReviewTable(props: Props) {
  const { lines, items, editing, selected, flagged, onSelect, onEdit, onMap, onRemove } = props;
  const { t, i18n } = useTranslation("ocr");
  const lang = i18n.language;
  const withDiscount = lines.some((l) => l.discountPercent.trim() !== "");
  const withCode = lines.some((l) => l.code.trim() !== "");
  // Columns the document did not have stay out of the way until the vendor edits.
  const withUnit = editing || lines.some((l) => l.unit.trim() !== "");
  const requestItem = new Map(items.map((i) => [i.id, i]));

  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">{t("table.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("table.check")}</th>
            {withCode && <th scope="col">{t("table.code")}</th>}
            <th scope="col" className="min-w-40">{t("table.description")}</th>
            <th scope="col" className="min-w-16 text-end">{t("table.quantity")}</th>
            {withUnit && <th scope="col">{t("table.unit")}</th>}
            <th scope="col" className="min-w-24 text-end">{t("table.unitPrice")}</th>
            {withDiscount && <th scope="col" className="text-end">{t("table.discount")}</th>}
            <th scope="col" className="min-w-24 text-end">{t("table.total")}</th>
            <th scope="col" className="min-w-44">{t("table.requestItem")}</th>
            {editing && (
              <th scope="col">
                <span className="sr-only">{t("table.actions")}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, n) => {
            const number = n + 1;
            const computed = lineCents(line);
            const read = toCents(line.totalPrice.replace(",", "."));
            const mismatch = computed !== null && read !== null && computed !== read;
            const mapped = line.itemId === null ? undefined : requestItem.get(line.itemId);
            const isSelected = selected === line.key;
            const field = (cell: FieldCell, label: string, look?: { numeric?: boolean; className?: string }) => (
              <Field line={line} cell={cell} label={label} editing={editing} onEdit={onEdit} {...look} />
            );
            return (
              <tr
                key={line.key}
                className={isSelected ? "outline-2 -outline-offset-2 outline-primary" : undefined}
                onClick={() => onSelect(line.key)}
                data-line={number}
              >
                <td>
                  <div className="flex flex-col items-start gap-1">
                    <CheckBadge check={line.check} />
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs font-mono"
                      aria-pressed={isSelected}
                      aria-label={t("table.show", { line: number })}
                      title={t("table.show", { line: number })}
                      onClick={(event) => {
                        event.stopPropagation();
                        onSelect(line.key);
                      }}
                    >
                      #{formatNumber(number, lang)}
                    </button>
                  </div>
                </td>
                {withCode && (
                  <td>
                    {field("code", t("table.codeFor", { line: number }))}
                  </td>
                )}
                <Scored line={line} cell="name">
                  {field("name", t("table.descriptionFor", { line: number }))}
                </Scored>
                <Scored line={line} cell="quantity" className="text-end">
                  {field("quantity", t("table.quantityFor", { line: number }), { numeric: true })}
                </Scored>
                {withUnit && (
                  <td>
                    {field("unit", t("table.unitFor", { line: number }), { className: "w-20" })}
                  </td>
                )}
                <Scored line={line} cell="unitPrice" className="text-end">
                  {field("unitPrice", t("table.unitPriceFor", { line: number }), { numeric: true })}
                </Scored>
                {withDiscount && (
                  <td className="text-end">
                    {field("discountPercent", t("table.discountFor", { line: number }), {
                      numeric: true,
                      className: "w-20",
                    })}
                  </td>
                )}
                <Scored line={line} cell="totalPrice" className="text-end whitespace-nowrap">
                  <span dir="ltr">{computed === null ? "-" : formatMoney(fromCents(computed), lang)}</span>
                  {mismatch && (
                    <span className="block text-xs text-base-content/80">
                      {t("table.readAs", { amount: isolate(formatMoney(fromCents(read), lang)) })}
                    </span>
                  )}
                </Scored>
                <td onClick={(event) => event.stopPropagation()}>
                  <select
                    className={`select select-sm w-full ${line.itemId === null ? "select-error" : ""}`}
                    aria-label={t("table.mapFor", { line: number, name: isolate(line.name || "-") })}
                    aria-invalid={line.itemId === null || flagged.has(line.key) ? true : undefined}
                    value={line.itemId ?? ""}
                    onChange={(event) => onMap(line.key, event.target.value ? Number(event.target.value) : null)}
                  >
                    <option value="">{t("table.unmapped")}</option>
                    {items.map((item) => <option key={item.id} value={item.id}>{item.name}</option>)}
                  </select>
                  {mapped && (
                    <span className="mt-1 block text-xs text-base-content/80">
                      {t("table.requested", {
                        quantity: formatNumber(mapped.quantity, lang),
                        unit: isolate(mapped.unit),
                      })}
                    </span>
                  )}
                </td>
                {editing && (
                  <td>
                    <ActionButton
                      label={t("table.remove")}
                      className="btn btn-ghost btn-xs"
                      name={t("table.removeFor", { line: number, name: isolate(line.name || "-") })}
                      onClick={(event) => {
                        event.stopPropagation();
                        onRemove(line.key);
                      }}
                    />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
