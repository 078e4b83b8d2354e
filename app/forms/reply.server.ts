import type { Submission } from "@conform-to/react";
import type { Failure } from "~/auth/accounts.server";

/** Turns a failed account flow into a conform reply: the error stands next to its field, or above the form. */
export function replyWithFailure<T>(submission: Submission<T>, failure: Failure, hideFields: string[] = []) {
  return bounded(submission.reply({
    ...(failure.field ? { fieldErrors: { [failure.field]: [failure.error] } } : { formErrors: [failure.error] }),
    hideFields,
  }));
}

/** Longest value of a field echoed back to the form (bad input is shown as an excerpt, never whole). */
export const ECHO_MAX = 1000;

type Reply = { initialValue?: Record<string, unknown> | null };

/** A conform reply whose echoed values are cut to ECHO_MAX characters. */
export function bounded<R extends Reply>(reply: R): R {
  if (!reply.initialValue) return reply;
  const cut = (value: unknown): unknown =>
    typeof value === "string" ? value.slice(0, ECHO_MAX) : Array.isArray(value) ? value.slice(0, 100).map(cut) : value;
  return { ...reply, initialValue: Object.fromEntries(Object.entries(reply.initialValue).slice(0, 100).map(([key, value]) => [key, cut(value)])) };
}
