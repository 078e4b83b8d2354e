import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormError } from "./Field";

/** A file upload that works without JavaScript (multipart POST), with its errors above the field. */
export function UploadForm({ intent, id, label, accept, submit, errors, children }: { intent?: string; id: string; label: string; accept: string; submit: string; errors?: string[]; children?: ReactNode }) {
  return (
    <Form method="post" encType="multipart/form-data" className="form-page">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {errors ? <FormError errors={errors} /> : null}
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} type="file" name="file" accept={accept} />
      </div>
      {children}
      <button type="submit">{submit}</button>
    </Form>
  );
}
