import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { NumberField, TextField } from "../../../components/form-field.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { zodFormResolver } from "../../../lib/zod-form-resolver.ts";
import { evaluationSchema } from "../../../../../src/shared/schemas/bids.ts";
import { useUpdateQuotationEvaluation } from "../api/update-quotation-evaluation.ts";

type EvaluationValues = { technicalScore: string; comment: string };

/** The shared schema's one message, read from the schema so client and server say the same. */
const SCORE_MESSAGE = evaluationSchema.safeParse({ technicalScore: -1 }).error?.issues[0]?.message;

/** Technical score (0-100) and a comment; technical_merit and combined_scoring rank by it. */
export function EvaluationForm({ quotationId, score }: { quotationId: number; score: number | null }) {
  const { t } = useTranslation("quotations");
  const mutation = useUpdateQuotationEvaluation();
  const form = useForm<EvaluationValues>({
    resolver: zodFormResolver<EvaluationValues>(evaluationSchema),
    defaultValues: { technicalScore: score === null ? "" : String(score), comment: "" },
  });
  const fieldError = form.formState.errors.technicalScore?.message;
  const errorText = fieldError && fieldError === SCORE_MESSAGE ? t("evaluation.scoreInvalid") : fieldError;

  const onValid = (values: EvaluationValues) => {
    const parsed = evaluationSchema.parse(values);
    mutation.mutate({ id: quotationId, technicalScore: parsed.technicalScore, comment: parsed.comment }, {
      onSuccess: () => {
        toast({ variant: "success", title: t("toast.evaluationSaved") });
        form.reset({ technicalScore: String(parsed.technicalScore), comment: "" });
      },
      onError: (error) => toastError(error, t("toast.error"), { fallback: t("toast.evaluationFailed") }),
    });
  };
  const onInvalid = () =>
    toast({ variant: "error", title: t("toast.validationError"), description: t("evaluation.scoreInvalid") });

  return (
    <form
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      className="flex flex-col gap-3 rounded-box border border-base-300 p-3"
      noValidate
    >
      <h4 className="font-semibold">{t("evaluation.title")}</h4>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <NumberField
          label={t("evaluation.score")}
          error={errorText}
          min={0}
          max={100}
          step={0.01}
          {...form.register("technicalScore")}
        />
        <TextField
          label={t("evaluation.comment")}
          type="text"
          maxLength={2000}
          dir="auto"
          {...form.register("comment")}
        />
      </div>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-sm btn-primary" disabled={mutation.isPending}>
          {mutation.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t("evaluation.save")}
        </button>
      </div>
    </form>
  );
}
