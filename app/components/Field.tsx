import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { readMessage } from "~/lib/messages";

function translate(t: TFunction, error: string): string {
  const { key, values } = readMessage(error);
  return t(key, values);
}

/** One labelled input with its translated error next to it. */
export function Field({
  meta,
  label,
  type = "text",
  autoComplete,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password" | "date" | "number";
  autoComplete?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input {...getInputProps(meta, { type })} key={meta.key} autoComplete={autoComplete} />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A labelled select whose options are translated from `prefix.value`. */
export function SelectField({ meta, label, options, prefix }: { meta: FieldMetadata<string | undefined>; label: string; options: readonly string[]; prefix: string }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select {...getSelectProps(meta)} key={meta.key}>
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`${prefix}.${option}`)}
          </option>
        ))}
      </select>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {translate(t, errors[0])}
    </p>
  );
}

/** Errors of the whole form (e.g. "This registration code is invalid."), translated. */
export function FormError({ errors }: { errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div className="form-error" role="alert">
      {errors.map((error) => (
        <p key={error}>{translate(t, error)}</p>
      ))}
    </div>
  );
}
