import { useTranslation } from "react-i18next";
import { useCreateRequest } from "./use-create-request.tsx";
import { dateInputValue } from "../../../lib/date-input.ts";
import { Modal } from "../../../components/modal-dialog.tsx";
import { EMPTY_QUICK_ITEM, type QuickPayload, QuickRequestForm } from "./quick-request-form.tsx";

const DEFAULT_DEADLINE_DAYS = 14;

/** Quick create (spec section 7): status pending, bidding mode unsealed, deadline as ISO. */
export function QuickCreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("requests");
  const formId = "quick-create-form";
  const { create, pending, failedAlert } = useCreateRequest(onClose);
  return (
    <Modal
      title={t("quick.title")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={pending}>
            {t("translation:common.cancel")}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={pending}>
            {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("quick.submit")}
          </button>
        </>
      }
    >
      <QuickRequestForm
        formId={formId}
        defaultValues={{
          title: "",
          description: "",
          deadline: dateInputValue(DEFAULT_DEADLINE_DAYS),
          categoryId: "",
          items: [{ ...EMPTY_QUICK_ITEM }],
        }}
        onValid={(payload: QuickPayload) => create({ ...payload, status: "pending", biddingMode: "unsealed" })}
      />
      {failedAlert && <div className="mt-4">{failedAlert}</div>}
    </Modal>
  );
}
