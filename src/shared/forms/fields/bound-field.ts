// What every form field takes: the form's `control` and the wire name of a string field of that form, so a
// field can only be bound to a name the form (and its contract schema) has.
import { useId } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

export interface BoundFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  label: string;
  placeholder?: string | undefined;
}

/**
 * The field's state in its form, and an id for its input. `deps` are fields checked again whenever this one
 * changes after a first submit (a password's repetition).
 */
export function useBoundField<T extends FieldValues>(
  { control, name }: Pick<BoundFieldProps<T>, 'control' | 'name'>,
  deps?: FieldPathByValue<T, string>,
) {
  const { field, fieldState } = useController({ control, name, ...(deps && { rules: { deps } }) });
  // Taken apart: the React compiler's lint would read every property of an object holding a ref as a ref.
  const { ref: inputRef, value, onChange, onBlur } = field;
  return {
    inputRef,
    name: field.name,
    value: value as string,
    onChange: onChange as (value: string) => void,
    onBlur,
    error: fieldState.error?.message,
    inputId: useId(),
  };
}
