/** A labelled textarea with its validation message, like TextField: the message is linked through aria-describedby and marks it invalid. */
import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, fieldMessageProps, useFieldIds } from './field-frame.tsx';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, id, className, ref, ...textAreaProps }: TextAreaFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} required={textAreaProps.required} error={error} className={className}>
      <textarea
        ref={ref}
        id={ids.controlId}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        {...fieldMessageProps(ids, error)}
        {...textAreaProps}
        required={false}
      />
    </FieldFrame>
  );
}
