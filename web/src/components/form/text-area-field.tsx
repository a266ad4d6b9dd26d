/** A labelled textarea with its validation message, like TextField: the message is linked through aria-describedby and marks it invalid. */
import { useId, type Ref, type TextareaHTMLAttributes } from 'react';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, id, className, ref, ...textAreaProps }: TextAreaFieldProps) {
  const generatedId = useId();
  const textAreaId = id ?? generatedId;
  const messageId = `${textAreaId}-message`;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      {/* The required mark sits outside the label, so the field's accessible name is the label alone. */}
      <div className="text-sm font-medium">
        <label htmlFor={textAreaId}>{label}</label>
        {textAreaProps.required ? <span className="text-error" aria-hidden="true"> *</span> : null}
      </div>
      <textarea
        ref={ref}
        id={textAreaId}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        {...textAreaProps}
        required={false}
      />
      {error ? (
        <p id={messageId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
