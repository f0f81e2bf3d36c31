import * as React from "react";
import { z } from "zod";
import { NATIVE_FORM_ERROR_CLASS } from "@shared/native-form-answer";
import { useNativeFormState } from "./native-form-state";

/** What the browser checks by itself before a form is sent without JavaScript. */
export type NativeConstraints = { required?: true; maxLength?: number; min?: number; max?: number };

type JsonSchemaField = {
  type?: string | string[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchemaField[];
};

const constraintsCache = new WeakMap<z.ZodType, Record<string, NativeConstraints>>();

/**
 * The native constraints (`required`, `maxlength`, `min`, `max`) of each field of a form's shared
 * schema, read from the schema itself so that the HTML a browser checks without JavaScript and
 * the messages the enhanced form shows come from one source.
 */
export function nativeConstraintsOf(schema: z.ZodType): Record<string, NativeConstraints> {
  const cached = constraintsCache.get(schema);
  if (cached) return cached;
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, JsonSchemaField>;
    required?: string[];
  };
  const constraints: Record<string, NativeConstraints> = {};
  for (const [name, field] of Object.entries(json.properties ?? {})) {
    const parts = [field, ...(field.anyOf ?? [])];
    const c: NativeConstraints = {};
    if (json.required?.includes(name)) c.required = true;
    for (const part of parts) {
      if (part.maxLength !== undefined) c.maxLength = part.maxLength;
      if (part.minimum !== undefined) c.min = part.minimum;
      if (part.maximum !== undefined) c.max = part.maximum;
    }
    constraints[name] = c;
  }
  constraintsCache.set(schema, constraints);
  return constraints;
}

/** The message shown above a form that the server sent back without storing it. */
export function NativeFormError() {
  const state = useNativeFormState();
  if (state?.outcome !== "invalid") return null;
  const message = state.error ?? "Please check the highlighted fields.";
  return (
    <p role="alert" className={NATIVE_FORM_ERROR_CLASS}>
      {message}
    </p>
  );
}
