import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/**
 * A conform form validated by one zod schema: in the browser on blur and submit, and again
 * on the server (the action parses the same schema). Without JavaScript the server's reply
 * puts the errors next to the fields and keeps the values.
 */
export function useZodForm<S extends FormSchema>(
  id: string,
  schema: S,
  lastResult: SubmissionResult<string[]> | undefined,
  defaultValue?: Partial<Record<keyof z.input<S>, string>>,
) {
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // conform re-renders a form's owner only for the state its render read; fields drawn by child
  // components (EventFields, TournamentFields) would miss their errors after a submit without this.
  void form.allErrors;
  return [form, fields] as const;
}
