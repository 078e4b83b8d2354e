import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/** A one-button form posting an intent with a few hidden values (delete this, retry that): works without JavaScript. */
export function IntentButton({ intent, values, className, children }: { intent: string; values: Record<string, string | number>; className?: string; children: ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
