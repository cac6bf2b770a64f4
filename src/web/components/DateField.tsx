import '@mantine/dates/styles.css';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { useId } from 'react';

/**
 * A date field whose open calendar has a name. Mantine labels the calendar by the
 * element with its popover's id, which the field's own id replaces on the button:
 * both share one id here, so the calendar is named by the field.
 */
export function DateField(props: DatePickerInputProps) {
  const id = useId();
  return <DatePickerInput {...props} id={id} popoverProps={{ ...props.popoverProps, id }} />;
}
