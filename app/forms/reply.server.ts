import type { Submission } from "@conform-to/react";
import type { Failure } from "~/auth/accounts.server";

/** Turns a failed account flow into a conform reply: the error stands next to its field, or above the form. */
export function replyWithFailure<T>(submission: Submission<T>, failure: Failure, hideFields: string[] = []) {
  return submission.reply({
    ...(failure.field ? { fieldErrors: { [failure.field]: [failure.error] } } : { formErrors: [failure.error] }),
    hideFields,
  });
}
