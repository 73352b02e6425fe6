/**
 * The frame of a create wizard in a dialog: the step tabs, a validation banner, the steps' panels
 * (all mounted, so the form keeps one set of registered fields), and Cancel, Previous and Next; the
 * last step shows the caller's finishing buttons instead of Next. Enter in a field runs `onSubmit`
 * when given, else moves to the next step.
 */
import { Fragment, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Modal, type ModalSize } from "../modal-dialog.tsx";
import { TabList, TabPanels } from "../tabs.tsx";
import type { Wizard } from "./use-wizard.ts";

export function WizardDialog<T extends string>(
  {
    wizard,
    title,
    label,
    stepLabel,
    previousLabel,
    nextLabel,
    size = "lg",
    pending,
    banner,
    alerts,
    finish,
    onSubmit,
    onClose,
    children,
  }: {
    wizard: Wizard<T>;
    title: ReactNode;
    /** The accessible name of the step tabs. */
    label: string;
    stepLabel: (step: T) => string;
    previousLabel: string;
    nextLabel: string;
    size?: ModalSize;
    pending: boolean;
    banner?: string;
    /** More alerts under the banner (a failed save). */
    alerts?: ReactNode;
    /** The last step's buttons; `formId` submits the form. */
    finish: (formId: string) => ReactNode;
    onSubmit?: () => void;
    onClose: () => void;
    children: (step: T) => ReactNode;
  },
) {
  const { t } = useTranslation();
  const baseId = useId();
  const formId = `${baseId}-form`;
  return (
    <Modal
      size={size}
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={pending}>
            {t("common.cancel")}
          </button>
          <button type="button" className="btn btn-outline" disabled={wizard.index === 0} onClick={wizard.back}>
            {previousLabel}
          </button>
          {
            /* Keyed apart: React would otherwise turn the clicked Next into the submit button in place
              during its own click, and the browser would then submit the form (create on "Next"). */
          }
          {wizard.last
            ? <Fragment key="finish">{finish(formId)}</Fragment>
            : (
              <button key="next" type="button" className="btn btn-primary" onClick={wizard.next}>
                {nextLabel}
              </button>
            )}
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (onSubmit) onSubmit();
          else wizard.next();
        }}
      >
        <TabList
          id={baseId}
          tabs={wizard.steps}
          current={wizard.step}
          onSelect={wizard.setStep}
          label={label}
          tabLabel={stepLabel}
        />
        {banner && <div role="alert" className="alert alert-error alert-soft">{banner}</div>}
        {alerts}
        <TabPanels id={baseId} tabs={wizard.steps} current={wizard.step}>{children}</TabPanels>
      </form>
    </Modal>
  );
}
