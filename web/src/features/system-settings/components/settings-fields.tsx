/**
 * The inputs of the settings forms, each bound by its dotted field name to the surrounding settings form
 * (react-hook-form's FormProvider, see settings-group-form.tsx) and showing that field's message: text (email-
 * and tel-typed where the field is one, §5), numbers with the schema's min and max, money typed in dollars and
 * held in cents, selects offering only the group's options (§5: no empty value), switches, masked secrets ('Set' /
 * 'Not set', replace, clear) and sections.
 */
import { dollarsText, formatCents } from '@pharmacy/shared/common/money.ts';
import { type ReactNode, useId, useState } from 'react';
import { get, useController, useFormContext, useFormState } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { FieldFrame, fieldMessageProps, useFieldIds } from '../../../components/form/field-frame.tsx';
import { withPhoneMask } from '../../../components/form/phone-mask.ts';
import { SelectField, type SelectOption } from '../../../components/form/select-field.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { moneySettingCents, moneySettingText } from '../money-setting-text.ts';
import { useSecretStatus } from './secret-status.ts';

function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error = get(errors, name) as { message?: string } | undefined;
  return error?.message;
}

/** A titled group of fields (a fieldset named by its legend), laid out in two columns on wide screens. */
export function SettingsSection({ title, description, children, columns = 2 }: { title: string; description?: string; children: ReactNode; columns?: 1 | 2 | 3 }) {
  const grid = columns === 1 ? '' : columns === 2 ? 'md:grid-cols-2' : 'md:grid-cols-3';
  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-3 sm:p-4">
      <legend className="px-1 font-semibold">{title}</legend>
      {description ? <p className="text-sm text-base-content/70">{description}</p> : null}
      <div className={`grid gap-4 ${grid}`}>{children}</div>
    </fieldset>
  );
}

export interface TextSettingProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'url' | 'time' | 'date';
  /** A US phone or fax number, masked as "(555) 123-4567" while typed. */
  phone?: boolean;
  required?: boolean;
  hint?: string;
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
}

export function TextSetting({ name, label, type = 'text', phone = false, required, hint, placeholder, maxLength, autoComplete = 'off' }: TextSettingProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const registration = register(name);
  return (
    <TextField
      label={label}
      type={phone ? 'tel' : type}
      required={required}
      hint={hint}
      placeholder={placeholder ?? (phone ? '(555) 123-4567' : undefined)}
      maxLength={maxLength}
      autoComplete={autoComplete}
      error={error}
      {...(phone ? withPhoneMask(registration) : registration)}
    />
  );
}

export interface NumberSettingProps {
  name: string;
  label: string;
  min: number;
  max: number;
  /** 1 for whole numbers (the default), 0.01 for money and percents. */
  step?: number;
  hint?: string;
}

/** A number input with the schema's bounds (the hint writes them with thousands separators); an empty box is NaN, which the schema refuses with the field's range message. */
export function NumberSetting({ name, label, min, max, step = 1, hint }: NumberSettingProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <TextField
      label={label}
      type="number"
      inputMode={step === 1 ? 'numeric' : 'decimal'}
      min={min}
      max={max}
      step={step}
      hint={hint ?? `${min.toLocaleString('en-US')}–${max.toLocaleString('en-US')}`}
      error={error}
      {...register(name, { valueAsNumber: true })}
    />
  );
}

export interface MoneySettingProps {
  /** The field, in integer cents. */
  name: string;
  label: string;
  minCents: number;
  maxCents: number;
  hint?: string;
}

/**
 * An amount of money: shown and typed in dollars and cents ("12.50", a "$" before the box, a step of one cent),
 * held by the form in integer cents, converted digit by digit (money-setting-text.ts). Text that is no amount
 * ("12.345", empty) is NaN in the form, which the schema refuses with the field's message.
 */
export function MoneySetting({ name, label, minCents, maxCents, hint }: MoneySettingProps) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const error = useFieldError(name);
  const ids = useFieldIds();
  // What was typed last; the box shows it while it still means the form's value (see moneySettingText).
  const [typed, setTyped] = useState<string | null>(null);
  const shownHint = hint ?? `${formatCents(minCents)}–${formatCents(maxCents)}`;
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={shownHint}>
      <div className={`input w-full ${error ? 'input-error' : ''}`}>
        <span aria-hidden="true" className="text-base-content/70">
          $
        </span>
        <input
          id={ids.controlId}
          ref={field.ref}
          name={field.name}
          type="number"
          inputMode="decimal"
          min={dollarsText(minCents)}
          max={dollarsText(maxCents)}
          step={0.01}
          autoComplete="off"
          className="grow"
          value={moneySettingText(typed, field.value)}
          onChange={(event) => {
            setTyped(event.target.value);
            field.onChange(moneySettingCents(event.target.value));
          }}
          onBlur={field.onBlur}
          {...fieldMessageProps(ids, error, shownHint)}
        />
      </div>
    </FieldFrame>
  );
}

/** Options of a select: the values of a §9 enumeration, with labels where the value alone reads badly. */
export function choiceOptions<Value extends string | number>(values: readonly Value[], labels?: Partial<Record<Value, string>>): SelectOption[] {
  return values.map((value) => ({ value: String(value), label: labels?.[value] ?? String(value) }));
}

export interface ChoiceSettingProps {
  name: string;
  label: string;
  options: readonly SelectOption[];
  /** The field holds numbers (font sizes, retry counts): the chosen text is turned back into one. */
  numeric?: boolean;
}

/** A select over the field's options only: it always holds one of them (§5: select items never have an empty value). */
export function ChoiceSetting({ name, label, options, numeric = false }: ChoiceSettingProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <SelectField
      label={label}
      options={options}
      error={error}
      {...register(name, numeric ? { setValueAs: (value: string) => Number(value) } : {})}
    />
  );
}

/** An on/off switch. */
export function ToggleSetting({ name, label }: { name: string; label: string }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <CheckboxField label={label} error={error} className="toggle toggle-primary toggle-sm" {...register(name)} />;
}

export function TextAreaSetting({ name, label, maxLength, rows = 3 }: { name: string; label: string; maxLength?: number; rows?: number }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <TextAreaField label={label} rows={rows} maxLength={maxLength} error={error} className="md:col-span-2" {...register(name)} />;
}

/**
 * A secret (password, API key): masked, never shown. It says whether one is stored ('Set' / 'Not set', from
 * GET's `{ set }`); typing replaces it, left blank keeps it, and Clear removes it on save (sends null).
 */
export function SecretSetting({ name, label }: { name: string; label: string }) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const error = useFieldError(name);
  const stored = useSecretStatus(name);
  const ids = useFieldIds();
  const statusId = useId();
  const clearing = field.value === null;
  const statusText = clearing ? 'Will be cleared when saved' : stored ? 'Set' : 'Not set';
  return (
    <FieldFrame
      ids={ids}
      label={label}
      error={error}
      hint={clearing ? undefined : stored ? 'Leave blank to keep the stored value; type to replace it.' : 'Type a value to store it.'}
    >
      <div className="flex items-center gap-2">
        <input
          id={ids.controlId}
          ref={field.ref}
          name={field.name}
          type="password"
          autoComplete="new-password"
          className={`input w-full ${error ? 'input-error' : ''}`}
          value={clearing ? '' : ((field.value as string | undefined) ?? '')}
          disabled={clearing}
          placeholder={stored && !clearing ? '••••••••' : undefined}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={[statusId, error || !clearing ? ids.messageId : null].filter(Boolean).join(' ')}
        />
        {clearing ? (
          <button type="button" className="btn btn-sm" onClick={() => field.onChange('')}>
            Undo clear
          </button>
        ) : stored ? (
          <button type="button" className="btn btn-sm" onClick={() => field.onChange(null)}>
            Clear
          </button>
        ) : null}
      </div>
      <p id={statusId} className="text-xs">
        <span className={`badge badge-sm ${stored && !clearing ? 'badge-success' : 'badge-ghost'}`}>{statusText}</span>
        <span className="sr-only"> ({label})</span>
      </p>
    </FieldFrame>
  );
}

/** A list of choices, each on or off (payroll cycles, monographs offered): the field holds the chosen values in option order. */
export function MultiChoiceSetting({ name, label, options, emptyText }: { name: string; label: string; options: readonly SelectOption[]; emptyText?: string }) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const error = useFieldError(name);
  const messageId = useId();
  const chosen = new Set((field.value as string[] | undefined) ?? []);
  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    // Chosen values no option offers any more stay, after the offered ones.
    const offered = options.map((option) => option.value);
    field.onChange([...offered.filter((value) => next.has(value)), ...[...next].filter((value) => !offered.includes(value))]);
  };
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? messageId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      {options.length === 0 && emptyText ? <p className="text-sm text-base-content/70">{emptyText}</p> : null}
      {options.map((option) => (
        <label key={option.value} className="flex cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            className="checkbox checkbox-primary checkbox-sm"
            checked={chosen.has(option.value)}
            onChange={(event) => toggle(option.value, event.target.checked)}
            onBlur={field.onBlur}
          />
          <span className="text-sm">{option.label}</span>
        </label>
      ))}
      {error ? (
        <p id={messageId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
